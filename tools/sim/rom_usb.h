/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gtaboot-sim: the boot ROM's USB peripheral boot (rom_usb.c), a USB
 * device written in C that drives the MUSB model through its MMIO as the
 * ROM's code drives the controller. rom.c calls rom_usb_boot(); the unit
 * tests call the steps and play the host through musb.h.
 */
#ifndef GTABOOT_SIM_ROM_USB_H
#define GTABOOT_SIM_ROM_USB_H

#include <stdint.h>

struct sim;
struct rom_usb;

enum rom_usb_result {
	ROMUSB_RUNNING,   /* still waiting or receiving */
	ROMUSB_LOADED,    /* the image is at 0x40200000: run it */
	ROMUSB_FAILED,    /* timeout, refused size, host gone: next device */
	ROMUSB_NEXT,      /* boot message "next device" (0xFFFFFFFF) */
	ROMUSB_CHANGE,    /* boot message "change device" (0xF003xx06) */
	ROMUSB_SKIP,      /* any other message: peripheral booting skipped */
};

/* Limits (docs/rom.md "USB peripheral boot": the TRM's rules and our
 * choices where it gives no figure). */
#define ROMUSB_LOAD_ADDR   0x40200000u
#define ROMUSB_MAX_IMAGE   0xF000u          /* up to the ROM's area at 0x4020F000 */
#define ROMUSB_WAIT_MS     3000u            /* connect to ASIC ID read (default) */
#define ROMUSB_MSG_MS      300u             /* ASIC ID read to boot message */
#define ROMUSB_GAP_MS      1000u            /* between packets of the transfer */

/* Power the PHY, clock the controller, set it up and connect (SOFTCONN).
 * wait_ms: how long the host has to enumerate and read the ASIC ID. */
struct rom_usb *rom_usb_start(struct sim *s, unsigned wait_ms);
/* One pass of the ROM's polling loop at the current virtual time. */
enum rom_usb_result rom_usb_poll(struct rom_usb *u);
uint32_t rom_usb_size(const struct rom_usb *u);      /* image bytes */
uint8_t rom_usb_device(const struct rom_usb *u);     /* CHANGE: device code */
const char *rom_usb_why(const struct rom_usb *u);    /* FAILED/SKIP: reason */
/* Done: with disconnect the device leaves the bus (SOFTCONN off); after a
 * load the ROM hands over with it still connected. */
void rom_usb_stop(struct rom_usb *u, int disconnect);

/* The whole USB boot for rom.c: start, poll while virtual time runs (the
 * models, the usbredir bridge, host-time pacing with --usb), stop. */
enum rom_usb_result rom_usb_boot(struct sim *s, uint32_t *size, uint8_t *device);

#endif
