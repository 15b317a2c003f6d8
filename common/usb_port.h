/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The board's USB OTG port for a gadget command (dfu, ums): up and down. */
#ifndef GTABOOT_COMMON_USB_PORT_H
#define GTABOOT_COMMON_USB_PORT_H

#include "drivers/power/twl4030.h"
#include "drivers/usb/musb_udc.h"
#include "lib/usb/usb_ctrl.h"

/* The PHY, then the controller with ctrl as its function; cmd names the
 * command in errors, tag starts the VBUS notice. 0 with *twl set, or a
 * negative errno with everything off again and the reason printed. */
int usb_port_up(const char *cmd, const char *tag, struct musb_udc *udc,
		struct usb_ctrl *ctrl, struct twl4030 **twl);
/* The controller and the PHY off (after musb_udc_connect(udc, false)). */
void usb_port_down(struct twl4030 *twl);

#endif
