/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gtaboot-sim: --usb unix:PATH, the simulated board's USB device exported
 * over usbredir (usbredir.c): the simulator plays the usbredir "usb-host"
 * side (the machine the device is plugged into) and the USB host
 * controller + hub in front of the MUSB model (musb.h).
 */
#ifndef GTABOOT_SIM_USBREDIR_H
#define GTABOOT_SIM_USBREDIR_H

struct sim;

/* Listen on cfg.usb_path ("unix:PATH" already stripped to PATH); nothing
 * without it. Exits with status 3 when the socket cannot be made. */
void usbredir_init(struct sim *s);
/* Accept, read, run the bus, write: bounded work; from musb_sync(). */
void usbredir_poll(struct sim *s);
/* Whether a peer is connected (tests). */
int usbredir_connected(struct sim *s);
/* Say device_disconnect, flush, close (end of the run). */
void usbredir_close(struct sim *s);

#endif
