/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The board contract: what one board file (board/$(BOARD).c, chosen at
 * link time) tells the boot flow. Mostly constant data, plus the few
 * decisions that need the hardware (the revision straps). The early
 * image reads struct board_early, the SDRAM image the rest.
 */
#ifndef BOARD_BOARD_H
#define BOARD_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arch/arm/omap3/memid.h"
#include "arch/arm/omap3/mux.h"
#include "arch/arm/omap3/sdrc.h"
#include "drivers/video/omap_dss.h"
#include "drivers/video/td028ttec1.h"

#define BOARD_REV_UNKNOWN	(~0u)

/* A string literal in a section of its own, for initializers at file
 * scope (in a function a compound literal lives on the stack). gcc pools
 * a file's other literals in one section (.rodata.str1.1), which
 * --gc-sections keeps or drops whole; the board file is linked into both
 * images (docs/design.md "Two images"), so the strings struct board_early
 * reaches are written with BOARD_STR: the early image then keeps them and
 * not the pool, which holds the SDRAM image's strings (the Makefile checks
 * that it does not). */
#define BOARD_STR(s)	((const char []){ s })

/* The console on UART3, as the GTA04 and the BeagleBoard have it: the
 * DT's alias for it, and its kernel name for the console variable, which
 * scripts put in bootargs (flash-kernel's boot.scr adds console=${console}).
 * ttyO2 is omap-serial's name, and Debian's armmp kernels have only that
 * driver (their config: CONFIG_SERIAL_OMAP=y, "# CONFIG_SERIAL_8250_OMAP is
 * not set"; the kernel logs "ttyO2 at MMIO 0x49020000"): console=ttyS2
 * names no port there, and the kernel goes silent once the UART driver
 * takes the port (tests/system/test_flash_kernel_linux.py). Debian's
 * U-Boot (u-boot-omap omap3_beagle) says console=ttyO2,115200n8 as well;
 * kernels with 8250_omap instead rename ttyO to ttyS when asked for it
 * (Linux's SERIAL_8250_OMAP_TTYO_FIXUP, on by default with that driver). */
#define BOARD_UART3_STDOUT_PATH		"serial2:115200n8"
#define BOARD_UART3_LINUX_CONSOLE	"ttyO2,115200n8"
/* U-Boot's OMAP3 NAND layout: X-Loader/MLO, U-Boot, its environment, then
 * the kernel partition. */
#define BOARD_NAND_KERNEL_OFF		0x280000u
#define BOARD_NAND_KERNEL_SIZE		0x600000u

/* A board's built-in display: an RGB (DPI) panel on the DSS's LCD output
 * (its mode in struct lcd_mode), a controller set up over bit-banged SPI,
 * and a backlight switched by a GPIO. */
struct board_display {
	const char *panel;                  /* "TPO TD028TTEC1" */
	struct lcd_mode mode;
	uint16_t width_mm, height_mm;
	/* The panel controller's bit-banged SPI; the init sequence is the
	 * panel driver's (drivers/video). */
	struct spi_gpio_pins spi;
	uint8_t backlight_gpio;             /* high = on */
	/* The backlight's pad, whose mode 3 is GPTIMER11's PWM output (0:
	 * none): the charging screen's low level (common/display.c). */
	uint16_t backlight_pwm_pad;
	/* vdds_dsi, the supply of the DSS's LCD pads, is the TWL4030's VPLL2
	 * at this voltage (0: not the loader's to switch). */
	uint16_t vpll2_mv;
	/* The DSS's LCD pads, all output mode 0: a run of pad offsets. */
	uint16_t dss_pad_first, dss_pad_last;
	const struct pad *pads;             /* SPI and backlight pads */
	size_t npads;
};

/* The status LEDs Letux's boot scripts drive with `status set <hex>`
 * (commands/letux.c). Bit n of that value is the GTA04's TCA6507 port
 * n (docs/references.md, "Status LEDs"); a
 * board LED is lit when the value has any of its bits. */
struct board_led {
	uint8_t bits;                       /* the status bits that light it */
	uint8_t pin;                        /* TCA6507 port, or GPIO number */
	const char *name;                   /* Linux's label (the led command) */
};

struct board_status_leds {
	/* 1..3: a TCA6507 on that I2C bus at i2c_addr, pins are its ports
	 * (I2C2 and I2C3 are brought up by the status command; I2C1 is
	 * storage's); 0: GPIOs, high = lit. */
	uint8_t i2c_bus, i2c_addr;
	const struct board_led *leds;
	size_t nleds;
	const struct pad *pads;             /* the bus's or the GPIOs' pads */
	size_t npads;
};

/* The touch screen Letux's `tsc` drives (commands/letux.c): a TSC2007 on
 * I2C bus i2c_bus at i2c_addr, its bus's pads. */
struct board_touch {
	uint8_t i2c_bus, i2c_addr;
	const struct pad *pads;
	size_t npads;
};

/*
 * Where the U-Boot environment lives in the board's NAND (common/envstore.c):
 * two copies in U-Boot's redundant layout (lib/env/ubenv.h), each size bytes,
 * written within its range of range bytes from off[i], bad blocks in the
 * range skipped as U-Boot's NAND environment does (docs/references.md,
 * "Environment block and copies"). The same values go into
 * Linux's fw_env.config (docs/environment.md).
 */
struct board_env_nand {
	uint32_t off[2];
	uint32_t size, range;
	/* The incumbent U-Boot's single copy (no flags byte), read when
	 * neither copy above is valid and converted to the pair at the next
	 * saveenv (common/envstore.c); single_size 0: none. It must start at
	 * off[0], and copy 1 must not hold its entries (only its zero
	 * padding, if anything), so that copy 1 can be written first. */
	uint32_t single_off, single_size;
};

/*
 * What the early image reads of the board (common/early.c, steps 3-6,
 * before SDRAM works): the ROM reads it and the code it points to, which
 * must not call the SDRAM image. Every member is mandatory unless it says
 * otherwise.
 */
struct board_early {
	/* The name printed when SDRAM fails ("GTA04"; struct board's). */
	const char *name;
	/* Step 3: the board's own pads, applied once after the clocks,
	 * after those of UART3, I2C1 and MMC1, which every board has
	 * (arch/arm/omap3/mux.c); entries the ROM's reset values already
	 * satisfy may be left out. */
	const struct pad *pads;
	size_t npads;
	/* Step 6: the memory packages by the NAND or OneNAND ID on GPMC
	 * CS0, read before the SDRC is set up (arch/arm/omap3/memid.c);
	 * mem_none when neither answers, mem_unknown (the safest set) for an
	 * ID not listed. */
	const struct mem_part *mem_parts;
	size_t nmem_parts;
	const struct mem_part *mem_none, *mem_unknown;
};

extern const struct board_early board_early;

/*
 * What the boot flow (common/main.c, steps 8-15) and the commands read
 * of the board, in SDRAM. Every member is mandatory unless it says
 * otherwise.
 */
struct board {
	/* The banner's name (step 7), "GTA04", "BeagleBoard". */
	const char *name;
	/* Optional (NULL: no straps), step 7, before the banner: read the
	 * revision straps. The result (sys.board_rev) is passed to every
	 * member of this struct that takes rev. Nothing before SDRAM needs
	 * it, so the ROM does not read it. */
	unsigned (*revision)(void);
	/* Optional (NULL: none printed): "A5". */
	const char *(*rev_name)(unsigned rev);
	/* Step 11: the DT for this revision and the flash its package was
	 * found with ("omap3-gta04a5.dtb"), looked up in /, /boot and
	 * /boot/dtbs when an entry names none. */
	const char *(*dtb_name)(unsigned rev, enum mem_flash flash);
	/* Step 13: the console as the DT's stdout-path, set in /chosen when
	 * the tree has none. */
	const char *stdout_path;                         /* "serial2:115200n8" */
	/* Step 11: the NAND kernel partition the chain boots last (kernel
	 * and DTB stored raw, common/boot_nand.c); size 0 when the board
	 * keeps none. */
	uint32_t nand_kernel_off, nand_kernel_size;
	/* Optional (0: charger left off), steps 8 and 13: TWL4030
	 * backup-battery charger (BB_CFG) and its DT properties
	 * ti,bb-uvolt / ti,bb-uamp. */
	uint32_t bb_uvolt, bb_uamp;
	/* Optional (NULL: none), steps 10 and 15: whether the button that
	 * stops autoboot is held now (GTA04 AUX, Beagle USER); the boot menu
	 * also polls it to move its selection. */
	bool (*button_held)(unsigned rev);
	/* Optional (NULL: none), steps 8-15: the built-in display (Beagle:
	 * none). */
	const struct board_display *display;
	/* Optional (NULL: none), step 13: board-specific DT changes after
	 * the generic ones; 0 or a negative errno. */
	int (*fixup_fdt)(void *fdt, unsigned rev);
};

extern const struct board board;

/* The status LEDs (NULL: none), for console commands only. */
extern const struct board_status_leds *const status_leds;
/* The touch screen (NULL: none), for console commands and the menu. */
extern const struct board_touch *const touch_screen;

/*
 * What the environment and the commands ask of the board (vars_init,
 * saveenv, dfu, the NAND boot), in SDRAM like struct board.
 */
struct board_env {
	/* The board and board_name variables, as U-Boot's board directory
	 * names the board. */
	char name[8];                                    /* "gta04" */
	/* Optional (NULL: none): the U-Boot environment's two copies in
	 * NAND. Without NAND (OneNAND, no flash) it lives on the card. */
	const struct board_env_nand *nand;
	/* Optional (NULL: none): { DTB name, the one to use instead when the
	 * card lacks it } pairs, ending in { NULL, NULL }, for gtaboot's own
	 * DTB look-ups (the default names, extlinux FDTDIR, bootm without a
	 * tree). The fdtfile variable, which scripts read, stays dtb_name's. */
	const char *const (*dtb_fallback)[2];
	/* What `dfu` tells the USB host: the manufacturer string, and the
	 * dfu_alt_info for `dfu 0 nand 0` when the variable is not set
	 * (NULL: no default), in U-Boot's syntax. */
	const char *usb_manufacturer;
	const char *dfu_alt_nand;
	/* Optional (0: none): where Letux's flashing leaves its boot script
	 * in NAND; the nand0 boot target runs it before the kernel
	 * partition, as Letux's bootcmd does (common/boot.c). */
	uint32_t nand_script_off;
	/* The root= part of the command line the NAND's kernel gets when
	 * neither a script, bootargs nor its DTB gives one: the UBIFS on the
	 * file-system partition of the board's NAND map (NULL: none). */
	const char *nand_root;
	/* The console UART as the board's usual kernel names it
	 * ("ttyO2,115200n8"), the console variable's default for users'
	 * bootargs (gtaboot never adds console= itself). */
	const char *linux_console;
	/* U-Boot's CONFIG_ENV_VARS_UBOOT_CONFIG variable vendor ("ti"), and
	 * the board code's own: the revision variable's name ("beaglerev",
	 * NULL: none) and value for a revision, findfdt (NULL: none). */
	const char *vendor;
	const char *rev_var;
	const char *(*rev_value)(unsigned rev);
	const char *findfdt;
	/* U-Boot's mtdids and mtdparts defaults for the NAND, in its syntax
	 * (the mtdparts command and NAND partition names); NULL: none. */
	const char *mtdids, *mtdparts;
	/* The board runs from a main battery the TWL4030 charges (the
	 * GTA04): the boot policy of common/charge.c is on by default. */
	bool main_battery;
};
extern const struct board_env board_env;

#endif
