// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The i2c command with U-Boot's syntax (probe, md, mw, dev, bus) on I2C1, the
 * TWL4030's bus (TRM chapter 18 "I2C"; TPS65950 slaves 0x48-0x4B).
 */
#include "common/cli.h"
#include "common/console.h"
#include "common/storage.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"

/* Buses are numbered as U-Boot's omap24xx driver does, from 0 (bus 0 is
 * the TRM's I2C1, the TWL4030's): scripts say "i2c dev 0". gtaboot brings
 * up I2C1 only, so that is the one bus this command has. */
#define BUS 0

/* The driver names every address that does not answer; a probe expects
 * most of them not to, so its report is muted meanwhile. */
static void con_out(char c)
{
	console_putc(c);
}

static int i2c_fail(unsigned chip, int err)
{
	pr_err("error: i2c: chip 0x%02x: %s\n", chip,
	       err == -ENXIO ? "no acknowledge" : errname(err));
	return err;
}

static int do_i2c(int argc, char *const argv[])
{
	struct twl4030 *twl = storage_twl();
	struct omap_i2c *bus = twl ? twl->i2c : NULL;
	const char *sub = argc > 1 ? argv[1] : "";
	unsigned long chip, reg, val, count = 16;
	uint8_t b[16];
	int err, found = 0;

	if (!strcmp(sub, "dev") && argc <= 3) {
		if (argc == 2) {
			printf("Current bus is %d\n", BUS);
			return 0;
		}
		if (arg_dec(argv, 2, "bus", ~0ul, &val))
			return -EINVAL;
		printf("Setting bus to %lu\n", val);
		if (val != BUS) {
			/* U-Boot's words, then which buses there are */
			pr_err("Failure changing bus number (%d)\n", -ENODEV);
			return cmd_error(argv, "bus %lu is not set up (only bus 0, I2C1)", val);
		}
		return 0;
	}
	if (!strcmp(sub, "bus") && argc <= 3) {
		/* U-Boot's driver-model line for the one bus (its node name);
		 * gtaboot binds no chip devices to list under it */
		if (argc == 3 && (arg_dec(argv, 2, "bus", ~0ul, &val) || val != BUS)) {
			pr_err("Invalid bus %s: err=%d\n", argv[2], -ENODEV);
			return -ENODEV;
		}
		printf("Bus %d:\ti2c@48070000%s\n", BUS, bus ? "  (active 0)" : "");
		return 0;
	}
	if (!bus) {
		pr_err("error: i2c: i2c1 is not available\n");
		return -ENODEV;
	}
	if (!strcmp(sub, "probe") && argc == 2) {
		/* A one-byte write only sets a register pointer on the usual
		 * register-file devices; the acknowledge is what counts. */
		printf("Valid chip addresses:");
		for (chip = 0x08; chip < 0x78; chip++) {
			b[0] = 0;
			printf_set_output(NULL);
			err = i2c_write(bus, (uint8_t)chip, b, 1);
			printf_set_output(con_out);
			if (!err) {
				printf(" %02lx", chip);
				found++;
			}
		}
		printf("%s\n", found ? "" : " none");
		return 0;
	}
	if ((strcmp(sub, "md") || argc < 4 || argc > 5) &&
	    (strcmp(sub, "mw") || argc != 5))
		return cmd_usage(argv);
	if (arg_hex(argv, 2, "chip", 0x7F, &chip) || arg_hex(argv, 3, "register", 0xFF, &reg))
		return -EINVAL;
	if (sub[1] == 'w') {
		if (arg_hex(argv, 4, "value", 0xFF, &val))
			return -EINVAL;
		err = i2c_write_reg(bus, (uint8_t)chip, (uint8_t)reg, (uint8_t)val);
		return err ? i2c_fail(chip, err) : 0;
	}
	if (argc > 4 && arg_hex(argv, 4, "count", 0x100 - reg, &count))
		return -EINVAL;
	if (!count)
		return cmd_error(argv, "bad count '%s'", argv[4]);
	while (count) {
		unsigned n = count < 16 ? count : 16;

		err = i2c_read_regs(bus, (uint8_t)chip, (uint8_t)reg, b, n);
		if (err)
			return i2c_fail(chip, err);
		printf("%02lx:", reg);
		for (unsigned i = 0; i < n; i++)
			printf(" %02x", b[i]);
		printf("\n");
		reg += n;
		count -= n;
	}
	return 0;
}
CMD(i2c, "i2c", do_i2c,
    "i2c probe | md <chip> <reg> [count] | mw <chip> <reg> <value> | dev [bus] | bus [bus]",
    "I2C1 (the TWL4030's bus): find chips, read or write registers");
