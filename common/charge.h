/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The main battery before Linux (docs/power.md): the boot policy that
 * charges a drained battery before booting, or powers off, and the
 * `charge` command's work (Letux's auto, continuous, off and a status).
 */
#ifndef COMMON_CHARGE_H
#define COMMON_CHARGE_H

/* The boot policy, after the boot scan read /uEnv.txt (common/main.c):
 * returns to boot, or never (power-off). */
void charge_boot_policy(void);

/* What the kernel's command line gets for the charger: Linux's
 * twl4030_charger.allow_usb=1 once gtaboot set up USB charging (unless
 * charge_allow_usb=no), else NULL. */
const char *charge_cmdline(void);

/* `charge auto`, `charge continuous`, `charge off`, `charge` (status). */
int charge_auto(void);
int charge_continuous(void);
int charge_off(void);
int charge_status(void);

#endif
