/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gtaboot-sim: the USB descriptors the usbredir bridge (usbredir.c) reads
 * from the simulated device, parsed into what usbredir's device_connect,
 * interface_info and ep_info packets carry (USB 2.0 9.6). Pure functions
 * on untrusted bytes (the firmware under test wrote them): fuzzed by
 * tests/fuzz/fuzz_usbdesc.c.
 */
#ifndef GTABOOT_SIM_USBDESC_H
#define GTABOOT_SIM_USBDESC_H

#include <stddef.h>
#include <stdint.h>

struct usbdesc_dev {
	uint8_t cls, subclass, protocol, maxp0, nconfigs;
	uint16_t vid, pid, bcd_device;
};

/* One configuration with one alternate setting per interface; endpoint
 * arrays are indexed as usbredir's ep_info is: (IN ? 16 : 0) + number. */
#define USBDESC_EPS 32
#define USBDESC_TYPE_NONE 255
struct usbdesc_conf {
	uint8_t value;                   /* bConfigurationValue */
	unsigned count;                  /* interfaces listed */
	uint8_t num[32], cls[32], subclass[32], protocol[32];
	uint8_t ep_type[USBDESC_EPS], ep_interval[USBDESC_EPS], ep_iface[USBDESC_EPS];
	uint16_t ep_maxp[USBDESC_EPS];
};

/* 0, or -1 when b is not a device descriptor. */
int usbdesc_device(const uint8_t *b, size_t n, struct usbdesc_dev *d);
/* The configuration descriptor set b[0..n) with, for each interface
 * number i < 32, the alternate setting alt[i]; maxp0 is EP0's size.
 * 0, or -1 when it is not a well-formed configuration. */
int usbdesc_config(const uint8_t *b, size_t n, const uint8_t alt[32], uint8_t maxp0,
		   struct usbdesc_conf *c);

#endif
