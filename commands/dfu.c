// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dfu: gtaboot as a USB DFU 1.1 device, with U-Boot's command syntax
 * (`dfu 0 [<interface> <dev>] [list]`) and its dfu_alt_info variable.
 * The class is lib/usb/dfu, the requests lib/usb/usb_ctrl, the controller
 * drivers/usb/musb_udc and the PHY drivers/power/twl4030_usb; here the
 * media (RAM; NAND through the `nand` and `flash mlo` commands) and the
 * loop, which runs until Ctrl-C, the AUX/USER button, a DFU_DETACH, or a
 * USB reset after a download (dfu-util -R). docs/usb.md, "gtaboot as a
 * USB device".
 */
#include <stdbool.h>
#include <stdint.h>

#include "board/board.h"
#include "common/boot.h"
#include "common/bootfs.h"
#include "common/cli.h"
#include "common/command.h"
#include "common/console.h"
#include "common/memcheck.h"
#include "common/storage.h"
#include "common/sysinfo.h"
#include "common/usb_port.h"
#include "common/environment.h"
#include "drivers/mtd/nand.h"
#include "drivers/timer/timer.h"
#include "drivers/usb/musb_udc.h"
#include "lib/bitops.h"
#include "lib/usb/dfu.h"
#include "lib/errno.h"
#include "lib/fs/fs.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"

/* The USB identity: TI's vendor ID with the product ID U-Boot's TI boards
 * use for their download gadget (docs/references.md, "USB IDs"), so that
 * host-side udev rules written for U-Boot's DFU on OMAP apply. */
#define DFU_VID		0x0451
#define DFU_PID		0xd022
#define DFU_BCD		0x0010	/* gtaboot 0.1 */
#define DFU_PRODUCT	"gtaboot DFU"

/* The load addresses (memmap.h), each alt up to the next one; the
 * ramdisk's 64 MiB as U-Boot's ti_armv7_common DFU RAM settings. */
static const char *dfu_alt_ram_default(void)
{
	static char s[100];

	snprintf(s, sizeof(s), "kernel ram 0x%08x 0x%x;fdt ram 0x%08x 0x%x;ramdisk ram 0x%08x 0x%x",
		 (unsigned)KERNEL_ADDR_R, (unsigned)(FDT_ADDR_R - KERNEL_ADDR_R),
		 (unsigned)FDT_ADDR_R, (unsigned)(RAMDISK_ADDR_R - FDT_ADDR_R),
		 (unsigned)RAMDISK_ADDR_R, 0x4000000u);
	return s;
}

/* The card's boot partition and root as wholes, its files by name, and
 * the raw MLO where gtaboot's early part and the ROM's raw mode look
 * (sector 0x100), after TI's dfu_alt_info_mmc. */
#define DFU_ALT_MMC_DEFAULT \
	"boot part 0 1;rootfs part 0 2;MLO fat 0 1;MLO.raw raw 0x100 0x100;uEnv.txt fat 0 1"
/* A fat or ext4 entity's file is staged in RAM from kernel_addr_r: up to
 * fdt_addr_r, as the RAM default's kernel entry. */
#define MMC_FILE_MAX	0x6000000u

#define BUTTON_POLL_US	100000
#define HASH_EVERY	0x10000u	/* progress: a '#' per 64 KiB */
#define NAND_MLO_AREA	0x80000u
#define NAND_MANIFEST_MS 3000	/* blocks 0-3: only `flash mlo` writes there */

struct dfu_run {
	bool nand, mmc;
	uint32_t stage;                 /* NAND, mmc files: where a download is staged in RAM */
	uint32_t hashes;
	uint32_t file_len;              /* mmc files: the size of the file uploaded */
};

static uint8_t tail[BLOCK_SIZE] __attribute__((aligned(4)));

/* ------------------------------------------------------------- the media */

static int ram_write(void *ctx, const struct dfu_alt *a, uint32_t off, const uint8_t *buf,
		     uint32_t len)
{
	struct dfu_run *r = ctx;
	uint32_t base = r->nand ? r->stage : a->start;

	memcpy((void *)(uintptr_t)(base + off), buf, len);
	while (off + len >= r->hashes + HASH_EVERY) {
		r->hashes += HASH_EVERY;
		console_putc('#');
	}
	return 0;
}

static void hashes(struct dfu_run *r, uint32_t end)
{
	while (end >= r->hashes + HASH_EVERY) {
		r->hashes += HASH_EVERY;
		console_putc('#');
	}
}

/* mmc: raw and part entities are written block by block as they come
 * (the core keeps off + len inside the entity); a file is staged. */
static int mmc_write(void *ctx, const struct dfu_alt *a, uint32_t off, const uint8_t *buf,
		     uint32_t len)
{
	struct dfu_run *r = ctx;
	struct blockdev *bd = storage_mmc1();
	uint64_t lba = (uint64_t)a->lba + off / BLOCK_SIZE;
	uint32_t whole = len / BLOCK_SIZE;
	int err = 0;

	if (a->kind == DFU_ALT_FAT || a->kind == DFU_ALT_EXT4) {
		memcpy((void *)(uintptr_t)(r->stage + off), buf, len);
	} else {
		if (!bd || off % BLOCK_SIZE)
			return !bd ? -ENODEV : -EINVAL;
		if (whole)
			err = blk_write(bd, lba, whole, buf);
		/* the entity's last, partial block: the rest of it kept */
		if (!err && len % BLOCK_SIZE) {
			err = blk_read(bd, lba + whole, 1, tail);
			memcpy(tail, buf + whole * BLOCK_SIZE, len % BLOCK_SIZE);
			if (!err)
				err = blk_write(bd, lba + whole, 1, tail);
		}
		if (err)
			return err == -EROFS ? err : -EIO;
	}
	hashes(r, off + len);
	return 0;
}

/* The fat or ext4 entity's file, read into the stage at the upload's
 * start. */
static int mmc_load_file(struct dfu_run *r, const struct dfu_alt *a)
{
	struct fs *fs;
	int err;

	fs = bootfs_get(a->part, &err);
	if (!fs)
		return err ? err : -ENODEV;
	err = fs_read(fs, a->name, (void *)(uintptr_t)r->stage, MMC_FILE_MAX, &r->file_len);
	if (err)
		pr_err("\nerror: dfu: %s: mmc 0:%u: %s\n", a->name, a->part, errname(err));
	return err;
}

static int mmc_read(void *ctx, const struct dfu_alt *a, uint32_t off, uint8_t *buf, uint32_t len)
{
	struct dfu_run *r = ctx;
	struct blockdev *bd = storage_mmc1();
	uint64_t lba = (uint64_t)a->lba + off / BLOCK_SIZE;
	uint32_t whole = len / BLOCK_SIZE;
	int err = 0;

	if (a->kind == DFU_ALT_FAT || a->kind == DFU_ALT_EXT4) {
		if (off == 0 && mmc_load_file(r, a))
			return -EIO;
		len = off >= r->file_len ? 0 : MIN(len, r->file_len - off);
		memcpy(buf, (const void *)(uintptr_t)(r->stage + off), len);
	} else {
		if (!bd || off % BLOCK_SIZE)
			return !bd ? -ENODEV : -EINVAL;
		if (whole)
			err = blk_read(bd, lba, whole, buf);
		if (!err && len % BLOCK_SIZE) {
			err = blk_read(bd, lba + whole, 1, tail);
			memcpy(buf + whole * BLOCK_SIZE, tail, len % BLOCK_SIZE);
		}
		if (err)
			return -EIO;
		if (off + len >= a->size)
			len = a->size - off;
	}
	if (!len || off + len >= a->size)
		printf("\nUPLOAD ... done\nCtrl+C to exit ...\n");
	return (int)len;
}

static int mmc_flush(struct dfu_run *r, const struct dfu_alt *a, uint32_t total)
{
	struct fs *fs;
	int err;

	bool ext4 = a->kind == DFU_ALT_EXT4;

	if (a->kind != DFU_ALT_FAT && !ext4)
		return 0;
	fs = bootfs_get(a->part, &err);
	if (!fs)
		return err ? err : -ENODEV;
	if (fs->type != (ext4 ? FS_EXT4 : FS_FAT)) {
		printf("\ndfu: %s: mmc 0:%u holds %s, not %s\n", a->name, a->part, fs_kind(fs),
		       ext4 ? "ext4" : "FAT");
		return -EINVAL;
	}
	printf("\ndfu: %s: %s mmc 0:%u 0x%x %s 0x%x\n", a->name, ext4 ? "ext4write" : "fatwrite",
	       a->part, (unsigned)r->stage, a->name, (unsigned)total);
	err = ext4 ? ext4_write_file(&fs->u.ext4, a->name, (const void *)(uintptr_t)r->stage, total)
		   : fat_write(&fs->u.fat, a->name, (const void *)(uintptr_t)r->stage, total);
	bootfs_changed();
	/* what the writer refuses by name is the file's fault: errFILE */
	return err == -ENOTSUP || err == -EEXIST ? -EINVAL : err;
}

/* A command of gtaboot's own, run directly (not through the shell, whose
 * state the running `dfu` line holds). */
static int run_cmd(int argc, char *argv[])
{
	const struct cmd *c = cmd_find(argv[0]);

	return c ? c->fn(argc, argv) : -ENOENT;
}

static int nand_read_alt(struct dfu_run *r, const struct dfu_alt *a)
{
	char addr[12], off[12], len[12];
	char *argv[] = { "nand", "read", addr, off, len };

	snprintf(addr, sizeof(addr), "0x%x", (unsigned)r->stage);
	snprintf(off, sizeof(off), "0x%x", (unsigned)a->start);
	snprintf(len, sizeof(len), "0x%x", (unsigned)a->size);
	return run_cmd(5, argv) ? -EIO : 0;
}

static int ram_read(void *ctx, const struct dfu_alt *a, uint32_t off, uint8_t *buf, uint32_t len)
{
	struct dfu_run *r = ctx;

	if (r->nand) {
		/* an upload from NAND: the whole alt into the stage first */
		if (off == 0 && nand_read_alt(r, a))
			return -EIO;
		memcpy(buf, (const void *)(uintptr_t)(r->stage + off), len);
	} else {
		memcpy(buf, (const void *)(uintptr_t)(a->start + off), len);
	}
	if (off + len >= a->size)
		printf("\nUPLOAD ... done\nCtrl+C to exit ...\n");
	return (int)len;
}

static int nand_flush(struct dfu_run *r, const struct dfu_alt *a, uint32_t total)
{
	char addr[12], off[12], len[12], size[12];
	struct nand_chip *c;
	int err;

	snprintf(addr, sizeof(addr), "0x%x", (unsigned)r->stage);
	snprintf(len, sizeof(len), "0x%x", (unsigned)total);
	if (a->start == 0) {
		/* the MLO: the power-cut-safe path that checks the image
		 * and keeps a good copy in blocks 0-3 at every step */
		char *argv[] = { "flash", "mlo", addr, len };

		printf("\ndfu: %s: flash mlo %s %s\n", a->name, addr, len);
		return run_cmd(4, argv) ? -EINVAL : 0;
	}
	c = storage_nand(&err);
	if (!c)
		return -ENODEV;
	if (a->start % c->block_size || a->size % c->block_size)
		return -EINVAL;
	snprintf(off, sizeof(off), "0x%x", (unsigned)a->start);
	snprintf(size, sizeof(size), "0x%x", (unsigned)a->size);
	{
		char *erase[] = { "nand", "erase", off, size };
		char *write[] = { "nand", "write", addr, off, len };

		printf("\ndfu: %s: nand erase %s %s; nand write %s %s %s\n", a->name, off, size,
		       addr, off, len);
		if (run_cmd(4, erase))
			return -EIO;
		if (run_cmd(5, write))
			return -EIO;
	}
	return 0;
}

static int media_flush(void *ctx, const struct dfu_alt *a, uint32_t total)
{
	struct dfu_run *r = ctx;
	int err = r->nand ? nand_flush(r, a, total) : r->mmc ? mmc_flush(r, a, total) : 0;

	r->hashes = 0;
	if (err) {
		pr_err("\nerror: dfu: %s: %s\n", a->name, errname(err));
		return err;
	}
	/* U-Boot's words, and its filesize */
	printf("\nDOWNLOAD ... OK\nCtrl+C to exit ...\n");
	var_set_hex("filesize", total);
	return 0;
}

/* ------------------------------------------------------------ the command */

static const char *layout_name(const struct dfu_alt *a)
{
	return a->kind == DFU_ALT_RAM ? "RAM_ADDR" : a->kind == DFU_ALT_FAT ? "FAT" :
	       a->kind == DFU_ALT_EXT4 ? "EXT4" : "RAW_ADDR";
}

static void list_alts(const struct dfu_run *r, const struct dfu_alt *alts, unsigned n)
{
	printf("DFU alt settings list:\n");
	for (unsigned i = 0; i < n; i++)
		printf("dev: %s alt: %u name: %s layout: %s\n",
		       r->nand ? "NAND" : r->mmc ? "eMMC" : "RAM", i, alts[i].name,
		       layout_name(&alts[i]));
}

/* The card's blocks of each mmc entity: a part's from the partition
 * table, a raw one's to the card's end when it says 0 blocks; the size
 * in bytes the core checks against (under 4 GiB). Entities the card
 * cannot hold are refused, or dropped from the default. */
static int resolve_mmc(bool dflt, struct dfu_alt *alts, unsigned *n)
{
	struct part_info p[PART_SCAN_MAX];
	struct blockdev *bd = storage_mmc1();
	uint32_t sig;
	int err, np;

	if (!bd) {
		pr_err("error: dfu: no SD card (mmc 0)\n");
		return -ENODEV;
	}
	np = bootfs_parts(p, &sig, &err);
	for (unsigned i = 0; i < *n; i++) {
		struct dfu_alt *a = &alts[i];
		const char *bad = NULL;

		if (a->kind != DFU_ALT_RAW && a->dev != 0) {
			bad = "no such mmc device (mmc 0 is the SD card)";
		} else if (a->kind == DFU_ALT_PART) {
			int k;

			for (k = 0; k < np && p[k].num != a->part; k++)
				;
			if (k == np || !p[k].num) {
				bad = "no such partition";
			} else {
				a->lba = p[k].start;
				a->blocks = p[k].size;
			}
		} else if (a->kind == DFU_ALT_RAW) {
			if (a->lba >= bd->nblocks)
				bad = "starts past the card's end";
			else if (!a->blocks || a->lba + (uint64_t)a->blocks > bd->nblocks)
				a->blocks = (uint32_t)MIN(bd->nblocks - a->lba, 0xFFFFFFFFu);
		}
		if (!bad && (a->kind == DFU_ALT_RAW || a->kind == DFU_ALT_PART))
			a->size = (uint32_t)MIN((uint64_t)a->blocks * BLOCK_SIZE, 0xFFFFFE00u);
		else if (!bad)
			a->size = MMC_FILE_MAX;
		if (!bad)
			continue;
		if (!dflt) {
			pr_err("error: dfu: '%s': mmc %u partition %u: %s\n", a->name, a->dev, a->part,
			       bad);
			return -ENODEV;
		}
		printf("dfu: '%s' left out (%s)\n", a->name, bad);
		memmove(a, a + 1, (*n - i - 1) * sizeof(*a));
		(*n)--;
		i--;
	}
	return 0;
}

/* Drops (default) or refuses (dfu_alt_info) RAM alts that are not free
 * RAM; NAND alts that would write the MLO's blocks other than whole. */
static int check_alts(bool nand, bool mmc, bool dflt, struct dfu_alt *alts, unsigned *n)
{
	unsigned i = 0;

	while (i < *n) {
		struct dfu_alt *a = &alts[i];
		bool bad = false;

		if (a->kind == DFU_ALT_PART && !mmc) {
			pr_err("error: dfu: '%s': 'part' needs mtdparts, which gtaboot does not "
			       "have: give it as 'raw OFFSET SIZE'\n", a->name);
			return -EINVAL;
		}
		if (nand && a->start && a->start < NAND_MLO_AREA) {
			pr_err("error: dfu: '%s' starts in the MLO blocks: only an entry at 0 may "
			       "write them (through flash mlo)\n", a->name);
			return -EINVAL;
		}
		if (!nand && !mmc && mem_check_free(a->name, a->start, a->size))
			bad = true;
		if (bad && !dflt)
			return -ENOSPC;
		if (bad) {
			printf("dfu: '%s' left out\n", a->name);
			memmove(a, a + 1, (*n - i - 1) * sizeof(*a));
			(*n)--;
			continue;
		}
		i++;
	}
	if (!*n) {
		pr_err("error: dfu: no alt setting left\n");
		return -ENOSPC;
	}
	return 0;
}

/* The AUX/USER button pressed (after being seen released). */
static bool button_pressed(bool *was_up, uint64_t *next)
{
	bool held;

	if (!deadline_passed(*next))
		return false;
	*next = deadline_in(BUTTON_POLL_US);
	held = sys_button_held();
	if (!held) {
		*was_up = true;
		return false;
	}
	return *was_up;
}

struct dfu_dev {
	struct usb_ctrl ctrl;
	struct dfu dfu;
	struct musb_udc udc;
	struct usb_device_info info;
	struct dfu_alt alts[DFU_MAX_ALTS];
};

static int usb_loop(struct dfu_dev *d, struct dfu_run *r)
{
	bool was_up = false, said_reset = false;
	uint64_t next_button = 0;
	unsigned seen_downloads = 0;
	uint8_t err_state = 0;

	for (;;) {
		unsigned ev = musb_udc_poll(&d->udc);
		int c;

		if (ev & MUSB_EV_RESET) {
			if (d->dfu.downloads && !r->nand) {
				printf("dfu: USB reset after the download: done\n");
				return 0;
			}
			if (!said_reset) {
				printf("dfu: USB reset, %s speed\n",
				       d->udc.high_speed ? "high" : "full");
				said_reset = true;
			}
		}
		if (ev & MUSB_EV_DISCONNECT)
			said_reset = false;
		if (ev & MUSB_EV_ERROR)
			pr_warn("warning: dfu: the controller did not take an EP0 packet\n");
		if (d->dfu.detach) {
			printf("dfu: DFU_DETACH: done\n");
			return 0;
		}
		if (d->dfu.downloads != seen_downloads) {
			seen_downloads = d->dfu.downloads;
			printf("dfu: %u bytes to '%s'\n", (unsigned)d->dfu.last_len,
			       d->alts[d->dfu.last_alt].name);
		}
		if (d->dfu.state == DFU_ERROR && err_state != d->dfu.status) {
			pr_err("\nerror: dfu: %s: %s\n", d->alts[d->dfu.alt].name,
			       dfu_status_name(d->dfu.status));
			err_state = d->dfu.status;
		} else if (d->dfu.state != DFU_ERROR) {
			err_state = 0;
		}
		c = console_getc();
		if (c == 0x03) {
			printf("dfu: Ctrl-C\n");
			return -ECANCELED;
		}
		if (button_pressed(&was_up, &next_button)) {
			printf("dfu: button pressed\n");
			return -ECANCELED;
		}
	}
}

static int do_dfu(int argc, char *const argv[])
{
	static struct dfu_dev d;
	static struct dfu_run r;
	static const struct usb_function_ops *const ops = &dfu_function_ops;
	struct dfu_backend be = { .write = ram_write, .read = ram_read, .flush = media_flush,
				  .ctx = &r };
	static char serial[33];
	const char *iface = "ram", *info, *sn;
	struct twl4030 *twl;
	bool list = false, dflt = false;
	unsigned n;
	char why[96];
	int err;

	if (argc < 2 || argc > 5)
		return cmd_usage(argv);
	if (strcmp(argv[1], "0"))
		return cmd_error(argv, "no USB controller '%s' (0 is the OTG port)", argv[1]);
	if (argc == 3 && !strcmp(argv[2], "list")) {
		list = true;
	} else if (argc >= 4) {
		iface = argv[2];
		if (strcmp(argv[3], "0"))
			return cmd_error(argv, "no %s device '%s'", iface, argv[3]);
		if (argc == 5) {
			if (strcmp(argv[4], "list"))
				return cmd_usage(argv);
			list = true;
		}
	} else if (argc != 2) {
		return cmd_usage(argv);
	}
	memset(&r, 0, sizeof(r));
	r.nand = !strcmp(iface, "nand");
	/* the host's next GETSTATUS after the last block waits this long:
	 * erasing and writing a NAND entry takes seconds, and a control
	 * request the loop cannot answer meanwhile times out on the host */
	r.mmc = !strcmp(iface, "mmc");
	be.manifest_poll_ms = r.nand || r.mmc ? NAND_MANIFEST_MS : 0;
	if (r.mmc) {
		be.write = mmc_write;
		be.read = mmc_read;
	}
	if (!r.nand && !r.mmc && strcmp(iface, "ram"))
		return cmd_error(argv, "interface '%s' not supported (ram, nand, mmc)", iface);
	info = var_get("dfu_alt_info");
	if (!info || !*info) {
		info = r.nand ? board_env.dfu_alt_nand : r.mmc ? DFU_ALT_MMC_DEFAULT :
		       dfu_alt_ram_default();
		if (!info) {
			pr_err("error: \"dfu_alt_info\" env variable not defined!\n");
			return -EINVAL;
		}
		dflt = true;
		printf("dfu: dfu_alt_info not set: the %s default \"%s\"\n", iface, info);
	}
	err = dfu_alt_parse(info, iface, d.alts, DFU_MAX_ALTS, &n, why, sizeof(why));
	if (err) {
		pr_err("error: dfu: dfu_alt_info: %s\n", why);
		return err;
	}
	if (list) {
		list_alts(&r, d.alts, n);
		return 0;
	}
	err = check_alts(r.nand, r.mmc, dflt, d.alts, &n);
	if (!err && r.mmc)
		err = resolve_mmc(dflt, d.alts, &n);
	if (!err && !n) {
		pr_err("error: dfu: no alt setting left\n");
		err = -ENOSPC;
	}
	if (err)
		return err;
	if (r.mmc) {
		r.stage = var_addr("kernel_addr_r", KERNEL_ADDR_R);
		if (mem_check_free("dfu stage", r.stage, MMC_FILE_MAX))
			return -ENOSPC;
	}
	if (r.nand) {
		uint32_t most = 0;

		if (!storage_nand(&err)) {
			pr_err("error: dfu: no usable NAND chip (%s)\n", errname(err));
			return -ENODEV;
		}
		for (unsigned i = 0; i < n; i++)
			most = d.alts[i].size > most ? d.alts[i].size : most;
		r.stage = var_addr("kernel_addr_r", KERNEL_ADDR_R);
		if (mem_check_free("dfu stage", r.stage, most))
			return -ENOSPC;
	}

	/* a copy: the environment may move while the loop sets filesize */
	sn = var_get("serial#");
	if (sn)
		snprintf(serial, sizeof(serial), "%s", sn);
	d.info = (struct usb_device_info){
		.vid = DFU_VID, .pid = DFU_PID, .bcd_device = DFU_BCD,
		.manufacturer = board_env.usb_manufacturer ? board_env.usb_manufacturer : "gtaboot",
		.product = DFU_PRODUCT, .serial = sn ? serial : NULL, .ep0_size = 64,
		.self_powered = true,
	};
	dfu_init(&d.dfu, d.alts, n, &be, true, &d.info);
	usb_ctrl_init(&d.ctrl, &d.info, ops, &d.dfu);

	err = usb_port_up("dfu", "dfu", &d.udc, &d.ctrl, &twl);
	if (err)
		return err;
	printf("dfu: %u alt setting%s on USB %04x:%04x; Ctrl-C or the AUX/USER button ends it\n",
	       n, n == 1 ? "" : "s", DFU_VID, DFU_PID);
	console_flush();
	musb_udc_connect(&d.udc, true);
	err = usb_loop(&d, &r);
	musb_udc_connect(&d.udc, false);
	if (err == -ECANCELED)
		err = 0;
	usb_port_down(twl);
	return err;
}
CMD(dfu, "dfu", do_dfu, "dfu <USB_controller> [<interface> <dev>] [list]",
    "device firmware upgrade over USB (DFU 1.1) on dfu_alt_info's alt settings: ram, nand, mmc");
