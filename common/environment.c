// SPDX-License-Identifier: GPL-2.0-or-later
/* The console's environment variables, with U-Boot's names and meaning. */
#include "common/environment.h"

#include "board/board.h"
#include "common/boot.h"
#include "common/command.h"
#include "common/sysinfo.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"

/* Room for an environment as Letux's or a distribution's U-Boot leaves it
 * (Letux's boot.scr alone sets about 8 KiB of scripts); U-Boot's own block
 * is 128 KiB, mostly padding. */
static char envbuf[0x8000];
struct env sysenv;

static void var_set_hex_in(struct env *e, const char *name, uint32_t value)
{
	char buf[12];

	snprintf(buf, sizeof(buf), "0x%08x", (unsigned)value);
	env_set(e, name, buf);
}

/* gtaboot's defaults into e over buf, also what "env default" goes back
 * to. */
int vars_defaults_into(struct env *e, char *buf, size_t size)
{
	static char kaddr[12], faddr[12], raddr[12], saddr[12], paddr[12];
	const struct env_default defaults[] = {
		{ "bootdelay", "1" },
		{ "kernel_addr_r", kaddr },
		{ "fdt_addr_r", faddr },
		{ "ramdisk_addr_r", raddr },
		{ "scriptaddr", saddr },
		{ "pxefile_addr_r", paddr },
		{ "loadaddr", kaddr },
		/* Only for users' bootargs: gtaboot itself never adds
		 * console=, /chosen/stdout-path names the UART. */
		{ "console", board_env.linux_console },
		/* U-Boot's CONFIG_ENV_VARS_UBOOT_CONFIG set, as its Beagle has
		 * them (Debian's u-boot.img: arch=arm cpu=armv7 soc=omap3 ...) */
		{ "arch", "arm" },
		{ "cpu", "armv7" },
		{ "soc", "omap3" },
		{ "vendor", board_env.vendor ? board_env.vendor : "" },
		{ "board", board_env.name },
		{ "board_name", board_env.name },
		{ "fdtfile", sys_dtb_name() },
		{ "findfdt", board_env.findfdt ? board_env.findfdt : "" },
		/* Distro boot (U-Boot's distro.rst, docs/references.md): the scan is
		 * the distroboot command (common/distro.c), which reads the
		 * variables below and runs boot_extlinux / boot_a_script for
		 * what it finds, so each step can be printed and changed. */
		{ "boot_targets", "mmc0 nand0" },
		{ "boot_prefixes", "/ /boot/" },
		{ "boot_scripts", "boot.scr.uimg boot.scr" },
		{ "boot_syslinux_conf", "extlinux/extlinux.conf" },
		{ "boot_extlinux", "sysboot ${devtype} ${devnum}:${distro_bootpart} any "
				   "${scriptaddr} ${prefix}${boot_syslinux_conf}" },
		{ "boot_a_script", "load ${devtype} ${devnum}:${distro_bootpart} ${scriptaddr} "
				   "${prefix}${script}; source ${scriptaddr}" },
		{ "efi_dtb_prefixes", "/ /dtb/ /dtb/current/" },
		{ "load_efi_dtb", "load ${devtype} ${devnum}:${distro_bootpart} ${fdt_addr_r} "
				  "${prefix}${efi_fdtfile}" },
		{ "boot_efi_binary", "load ${devtype} ${devnum}:${distro_bootpart} ${kernel_addr_r} "
				     "efi/boot/bootarm.efi; bootefi ${kernel_addr_r}" },
		{ "bootcmd_mmc0", "distroboot mmc0" },
		{ "bootcmd_nand0", "distroboot nand0" },
		{ "distro_bootcmd", "distroboot ${boot_targets}" },
		/* U-Boot's bootcmd: the scan above */
		{ "bootcmd", "run distro_bootcmd" },
		/* The bootcmd after a USB boot without a card (common/main.c,
		 * docs/usb.md "Un-brick a GTA04"): the NAND through DFU, then
		 * a reset into what the PC wrote. */
		{ "unbrick", "echo \"Un-brick: NAND over USB DFU; on the PC: "
			     "dfu-util -a MLO -D MLO -R\"; dfu 0 nand 0 && reset" },
		{ NULL, NULL },
	};

	int err;

	snprintf(kaddr, sizeof(kaddr), "0x%08x", (unsigned)KERNEL_ADDR_R);
	snprintf(faddr, sizeof(faddr), "0x%08x", (unsigned)FDT_ADDR_R);
	snprintf(raddr, sizeof(raddr), "0x%08x", (unsigned)RAMDISK_ADDR_R);
	snprintf(saddr, sizeof(saddr), "0x%08x", (unsigned)SCRIPT_ADDR);
	snprintf(paddr, sizeof(paddr), "0x%08x", (unsigned)PXEFILE_ADDR_R);

	err = env_init(e, buf, size, defaults);
	/* ti_armv7_common's fdt and initrd addresses assume 256 MiB or more;
	 * with less (the 128 MiB BeagleBoard B and C1-C3) the older OMAP3
	 * ones, low enough to stay clear of gtaboot's area at the top. */
	if (!err && sys_ram_end() && sys_ram_end() - sys.dram.base[0] < 0x10000000u) {
		var_set_hex_in(e, "fdt_addr_r", FDT_ADDR_R_SMALL);
		var_set_hex_in(e, "ramdisk_addr_r", RAMDISK_ADDR_R_SMALL);
	}
	/* an empty value is no default (this board has none) */
	if (!err && !board_env.findfdt)
		env_unset(e, "findfdt");
	if (!err && !board_env.vendor)
		env_unset(e, "vendor");
	return err;
}

int vars_default(void)
{
	return vars_defaults_into(&sysenv, envbuf, sizeof(envbuf));
}

/* What U-Boot sets at every start, over a stored environment: ver (its
 * CONFIG_VERSION_VARIABLE) and the board's revision variable (the
 * Beagle's misc_init_r sets beaglerev). */
void vars_runtime(void)
{
	char ver[80];

	/* U-Boot's is "U-Boot 2023.01+dfsg-2+deb12u3 (Jun 22 2026 - ...)" */
	snprintf(ver, sizeof(ver), "gtaboot %s (g%s) for %s", GTABOOT_VERSION, GTABOOT_GITREV,
		 board.name);
	env_set(&sysenv, "ver", ver);
	if (board_env.rev_var && board_env.rev_value)
		env_set(&sysenv, board_env.rev_var, board_env.rev_value(sys.board_rev));
}

void vars_unbrick(void)
{
	env_set(&sysenv, "bootcmd", "run unbrick");
}

void vars_init(void)
{
	if (vars_default())
		pr_warn("warning: default environment does not fit\n");
}

const char *var_get(const char *name)
{
	const char *v = env_get(&sysenv, name);

	return v && *v ? v : NULL;
}

static unsigned long var_ulong(const char *name, int base, unsigned long dflt)
{
	unsigned long v;
	int err = env_get_ulong(&sysenv, name, base, &v);

	if (err == -ENOENT)
		return dflt;
	if (err) {
		printf(base == 16 ? "warning: variable %s='%s' is not a number; using 0x%lx\n" :
		       "warning: variable %s='%s' is not a number; using %lu\n", name,
		       env_get(&sysenv, name), dflt);
		return dflt;
	}
	return v;
}

uint32_t var_addr(const char *name, uint32_t dflt)
{
	return (uint32_t)var_ulong(name, 16, dflt);
}

unsigned long var_num(const char *name, unsigned long dflt)
{
	return var_ulong(name, 10, dflt);
}

int var_set(const char *name, const char *value)
{
	return env_set(&sysenv, name, value);
}

int var_set_hex(const char *name, uint32_t value)
{
	char buf[12];

	snprintf(buf, sizeof(buf), "%x", (unsigned)value);
	return env_set(&sysenv, name, buf);
}
