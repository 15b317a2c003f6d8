/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The rest of the MLO over the ROM's USB endpoints (docs/usb.md "Serving
 * further files"), for a USB peripheral boot. */
#ifndef ARCH_ARM_OMAP3_MLO_USB_H
#define ARCH_ARM_OMAP3_MLO_USB_H

#include <stdint.h>

/*
 * Ask the PC (omap-usbboot) for the MLO file from byte `from` and read
 * exactly `want` bytes of it to dst, on the bulk EP1 IN/OUT the ROM left
 * configured. Nothing is written past dst + want. 0; -ETIMEDOUT when the
 * PC does not answer within a few seconds; -EILSEQ when it offers another
 * size (another file); -EBADMSG or -EFBIG for anything else it sends.
 */
int mlo_usb_fetch(uint8_t *dst, uint32_t from, uint32_t want);

#endif
