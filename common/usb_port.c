// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The board's USB OTG port for a gadget command: the TWL4030's USB PHY
 * (docs/usb.md, "The register sequence"), then the SoC's HS USB OTG
 * controller through arch/arm/platform.h, and both off again afterwards. One place for
 * what dfu and ums (commands/dfu.c, commands/ums.c) both need.
 */
#include <stdbool.h>

#include "common/storage.h"
#include "common/sysinfo.h"
#include "common/usb_port.h"
#include "drivers/power/twl4030_usb.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"

int usb_port_up(const char *cmd, const char *tag, struct musb_udc *udc,
		struct usb_ctrl *ctrl, struct twl4030 **twl)
{
	const struct musb_udc_config *cfg;
	bool vbus;
	int err;

	/* The PHY first: the controller's reset completes on its clock. */
	*twl = storage_twl();
	if (!*twl) {
		pr_err("error: %s: no TWL4030 (the USB PHY)\n", cmd);
		return -ENODEV;
	}
	err = twl4030_usb_phy_on(*twl);
	if (err) {
		pr_err("error: %s: the TWL4030's USB PHY: %s\n", cmd, errname(err));
		return err;
	}
	cfg = plat_usb_otg(&err);
	if (cfg)
		err = musb_udc_init(udc, cfg, ctrl);
	if (err) {
		pr_err("error: %s: the USB OTG controller does not come out of reset (%s)\n",
		       cmd, errname(err));
		usb_port_down(*twl);
		return err;
	}
	if (!twl4030_usb_vbus(*twl, &vbus) && !vbus)
		printf("%s: no VBUS: waiting for a USB host on the OTG port\n", tag);
	return 0;
}

void usb_port_down(struct twl4030 *twl)
{
	plat_usb_otg_off();
	twl4030_usb_phy_off(twl);
}
