/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The TWL4030/TPS65950's USB transceiver as the OMAP3 HS USB OTG
 * controller's ULPI PHY, set up over I2C (TPS65950 TRM SWCU050, "USB
 * Transceiver" and "Power Management": the VUSB LDOs).
 */
#ifndef DRIVERS_POWER_TWL4030_USB_H
#define DRIVERS_POWER_TWL4030_USB_H

#include <stdbool.h>

#include "drivers/power/twl4030.h"

/*
 * Power the PHY (VUSB3V1, VUSB1V5, VUSB1V8 for processor group 1, the PHY
 * out of power-down, its clocks) and put it in ULPI mode for the
 * controller: carkit mode off, OTG_ENAB, normal operation, high-speed
 * transceiver. 0, -ETIMEDOUT when the PHY's DPLL does not lock, or the
 * I2C error.
 */
int twl4030_usb_phy_on(struct twl4030 *twl);
/* The PHY in power-down and its LDOs off again. */
int twl4030_usb_phy_off(struct twl4030 *twl);
/* VBUS as the TWL4030 sees it (STS_HW_CONDITIONS STS_VBUS). */
int twl4030_usb_vbus(struct twl4030 *twl, bool *present);

#endif
