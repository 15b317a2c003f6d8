/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The TWL4030's USB transceiver registers (I2C slave 0x48), for twl4030.c. */
#ifndef SIM_TWL4030_USB_H
#define SIM_TWL4030_USB_H

#include <stdbool.h>
#include <stdint.h>

struct sim;

struct twl_usb {
	uint8_t reg[256];
	bool modelled[256];
	bool warn_noclk;
};

void twl_usb_init(struct twl_usb *u);
/* PHY_PWR_CTRL.PHYPWD clear */
bool twl_usb_powered(const struct twl_usb *u);
/* false (the run stopped) when the register is not modelled */
bool twl_usb_read(struct sim *s, struct twl_usb *u, uint8_t r, uint8_t *v);
void twl_usb_write(struct sim *s, struct twl_usb *u, uint8_t r, uint8_t v);

#endif
