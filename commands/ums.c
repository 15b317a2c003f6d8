// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ums: the SD card as a USB disk on the OTG port, with U-Boot's syntax
 * (`ums <USB_controller> [<devtype>] <dev[:part]>`), so that a PC writes
 * an image onto the card in the board with dd. The Bulk-Only Transport
 * and SCSI are lib/usb/ums, the requests lib/usb/usb_ctrl, the controller
 * drivers/usb/musb_udc, the PHY drivers/power/twl4030_usb; here the card
 * (reads and writes through blk_read/blk_write, the path saveenv's writes
 * take) and the loop, which runs until Ctrl-C, the AUX/USER button or the
 * host ejecting the disk. docs/usb.md, "USB mass storage".
 */
#include <stdbool.h>
#include <stdint.h>

#include "board/board.h"
#include "common/bootfs.h"
#include "common/cli.h"
#include "common/command.h"
#include "common/console.h"
#include "common/storage.h"
#include "common/sysinfo.h"
#include "common/usb_port.h"
#include "common/environment.h"
#include "drivers/mmc/mmc.h"
#include "drivers/timer/timer.h"
#include "drivers/usb/musb_udc.h"
#include "lib/shell/cmdargs.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/fs/part.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "lib/usb/ums.h"

/* The USB identity: the one docs/usb.md chose for dfu. U-Boot's download
 * gadget gives every function (dfu, ums, fastboot) the board's one
 * VENDOR_NUM/PRODUCT_NUM on its TI boards (docs/references.md, "U-Boot
 * ums"); the host's usb-storage binds by the interface class, not the ID. */
#define UMS_VID		0x0451
#define UMS_PID		0xd022
#define UMS_BCD		0x0010	/* gtaboot 0.1 */
#define UMS_PRODUCT	"gtaboot UMS"

/* The data phase's chunk: 128 blocks per card command (CMD18/CMD25),
 * from gtaboot's own SDRAM area (scratch_alloc), once. */
#define UMS_CHUNK	0x10000u
#define BUTTON_POLL_US	100000
#define BULK_BURST	16	/* packets moved per pass of the loop, at most */
#define REPORT_US	5000000u	/* the activity line at most this often */
#define EJECT_US	200000u		/* the eject's CSW leaves the FIFO meanwhile */

struct ums_dev {
	struct usb_ctrl ctrl;
	struct ums ums;
	struct ums_disk disk;
	struct musb_udc udc;
	struct usb_device_info info;
	struct blockdev part;           /* a partition's view of the card */
	struct blockdev *bd;
	uint8_t eps[2];
};

static int disk_read(void *ctx, uint64_t lba, uint32_t count, void *buf)
{
	struct ums_dev *d = ctx;

	return blk_read(d->bd, lba, count, buf);
}

static int disk_write(void *ctx, uint64_t lba, uint32_t count, const void *buf)
{
	struct ums_dev *d = ctx;

	return blk_write(d->bd, lba, count, buf);
}

/* The AUX/USER button pressed (after being seen released), as dfu's. */
static bool button_pressed(bool *was_up, uint64_t *next)
{
	if (!deadline_passed(*next))
		return false;
	*next = deadline_in(BUTTON_POLL_US);
	if (!sys_button_held()) {
		*was_up = true;
		return false;
	}
	return *was_up;
}

/* One step of the bulk endpoints: what lib/usb/ums asks, if the controller
 * can do it now (otherwise the next pass tries again). True when it did. */
static bool bulk_step(struct ums_dev *d)
{
	struct ums_op op;
	int r;

	ums_next(&d->ums, d->udc.bulk_size, &op);
	switch (op.kind) {
	case UMS_OP_RECV:
		r = musb_udc_bulk_rx(&d->udc, op.buf, op.len);
		if (r < 0)
			return false;
		ums_done(&d->ums, (uint32_t)r);
		return true;
	case UMS_OP_SEND:
		/* -EPERM: halted; the CSW waits for the host's clear */
		if (musb_udc_bulk_tx(&d->udc, op.buf, op.len))
			return false;
		ums_done(&d->ums, op.len);
		return true;
	case UMS_OP_HALT_IN:
		if (musb_udc_bulk_halt(&d->udc, UMS_EP_IN, false))
			return false;
		ums_done(&d->ums, 0);
		return true;
	case UMS_OP_HALT_OUT:
		musb_udc_bulk_halt(&d->udc, UMS_EP_OUT, false);
		ums_done(&d->ums, 0);
		return true;
	case UMS_OP_WEDGE:
		/* OUT first: it never waits; IN waits for its FIFO */
		musb_udc_bulk_halt(&d->udc, UMS_EP_OUT, true);
		if (musb_udc_bulk_halt(&d->udc, UMS_EP_IN, true))
			return false;
		ums_done(&d->ums, 0);
		return true;
	default:
		return false;
	}
}

static void report(const struct ums *u)
{
	printf("UMS: %llu KiB read, %llu KiB written, %u commands\n",
	       (unsigned long long)(u->blocks_read / 2), (unsigned long long)(u->blocks_written / 2),
	       u->commands);
}

static int usb_loop(struct ums_dev *d)
{
	bool was_up = false, said_reset = false;
	uint64_t next_button = 0, next_report = deadline_in(REPORT_US), eject_end = 0;
	uint64_t seen_r = 0, seen_w = 0;
	unsigned seen_err = 0;
	struct ums *u = &d->ums;

	for (;;) {
		unsigned ev = musb_udc_poll(&d->udc);
		int c;

		if (ev & MUSB_EV_RESET && !said_reset) {
			printf("UMS: USB reset, %s speed\n", d->udc.high_speed ? "high" : "full");
			said_reset = true;
		}
		if (ev & MUSB_EV_DISCONNECT)
			said_reset = false;
		/* a burst of packets between the console's and the button's
		 * looks; EP0 is polled again after it */
		for (int i = 0; d->ctrl.config && i < BULK_BURST && bulk_step(d); i++)
			;
		if (u->errors != seen_err) {
			seen_err = u->errors;
			if (u->last_err)
				pr_err("error: ums: %s of block %llu: %s (%s to the host)\n",
				       u->last_err_write ? "write" : "read",
				       (unsigned long long)u->last_err_lba, errname(u->last_err),
				       u->last_err_write && u->last_err == -EROFS ? "DATA PROTECT" :
				       "MEDIUM ERROR");
			else
				pr_warn("warning: ums: a transport error (the host resets it)\n");
			u->last_err = 0;
		}
		if (deadline_passed(next_report)) {
			next_report = deadline_in(REPORT_US);
			if (u->blocks_read != seen_r || u->blocks_written != seen_w) {
				seen_r = u->blocks_read;
				seen_w = u->blocks_written;
				report(u);
			}
		}
		/* the START STOP UNIT's CSW goes first, then a moment for the
		 * host to take it (answering NOT READY meanwhile) */
		if (u->ejected && u->phase == UMS_PH_CBW && !eject_end)
			eject_end = deadline_in(EJECT_US);
		if (eject_end && deadline_passed(eject_end)) {
			printf("UMS: the host ejected the disk\n");
			return 0;
		}
		c = console_getc();
		if (c == 0x03) {
			printf("CTRL+C - Operation aborted\n");
			return -ECANCELED;
		}
		if (button_pressed(&was_up, &next_button)) {
			printf("UMS: button pressed\n");
			return -ECANCELED;
		}
	}
}

/* "0" or "0:N": the card, whole or partition N (1-4 primary, 5.. logical). */
static int pick_disk(struct ums_dev *d, char *const argv[], const char *devstr)
{
	struct part_info p[PART_SCAN_MAX];
	uint32_t sig;
	unsigned long num = 0;
	const char *colon = strchr(devstr, ':');
	int n, err;

	if (colon ? (colon - devstr != 1 || devstr[0] != '0') : strcmp(devstr, "0"))
		return cmd_error(argv, "no mmc device '%s' (0 is the SD card)", devstr);
	d->bd = storage_mmc1();
	if (!d->bd) {
		pr_err("error: ums: no SD card\n");
		return -ENODEV;
	}
	if (!colon)
		return 0;
	if (!colon[1] || parse_ulong_dec(colon + 1, &num) || num == 0)
		return cmd_error(argv, "bad partition '%s'", colon + 1);
	n = bootfs_parts(p, &sig, &err);
	if (!n) {
		pr_err("error: ums: the card's partition table: %s\n", errname(err));
		return err;
	}
	for (int i = 0; i < n; i++) {
		if (p[i].num == num) {
			struct mbr_part mp = { .type = p[i].type, .start = p[i].start,
					       .size = p[i].size };

			part_init(&d->part, d->bd, &mp, "mmc1p");
			d->bd = &d->part;
			return 0;
		}
	}
	pr_err("error: ums: no partition %lu on mmc 0\n", num);
	return -ENOENT;
}

static int do_ums(int argc, char *const argv[])
{
	static struct ums_dev d;
	static uint8_t *chunk;
	static char serial[33];
	const char *devtype = "mmc", *devstr, *sn;
	struct mmc_card *card;
	struct twl4030 *twl;
	uint32_t start;
	int err;

	if (argc < 3 || argc > 4)
		return cmd_usage(argv);
	if (strcmp(argv[1], "0"))
		return cmd_error(argv, "no USB controller '%s' (0 is the OTG port)", argv[1]);
	if (argc == 4)
		devtype = argv[2];
	devstr = argv[argc - 1];
	if (strcmp(devtype, "mmc"))
		return cmd_error(argv, "device type '%s' not supported (mmc)", devtype);
	memset(&d, 0, sizeof(d));
	err = pick_disk(&d, argv, devstr);
	if (err)
		return err;
	if (!chunk)
		chunk = scratch_alloc(UMS_CHUNK);
	if (!chunk) {
		pr_err("error: ums: no memory for the transfer buffer\n");
		return -ENOMEM;
	}
	card = storage_mmc1_card();
	/* the card's lock: CSD PERM/TMP_WRITE_PROTECT, or no write path */
	d.disk = (struct ums_disk){
		.nblocks = d.bd->nblocks,
		.ro = !d.bd->write && !(d.bd->parent && d.bd->parent->write),
		.product = "SD card",
		.read = disk_read, .write = disk_write, .ctx = &d,
	};
	if (card && mmc_reg_bits(card->csd, 12, 2))
		d.disk.ro = true;
	start = d.bd == &d.part ? (uint32_t)d.part.offset : 0;
	/* U-Boot's line */
	printf("UMS: LUN 0, dev mmc 0, hwpart 0, sector 0x%x, count 0x%llx%s\n", (unsigned)start,
	       (unsigned long long)d.disk.nblocks, d.disk.ro ? " (write-protected)" : "");

	/* a copy, as dfu's: the environment may move meanwhile */
	sn = var_get("serial#");
	if (sn)
		snprintf(serial, sizeof(serial), "%s", sn);
	d.eps[0] = UMS_EP_IN;
	d.eps[1] = UMS_EP_OUT;
	d.info = (struct usb_device_info){
		.vid = UMS_VID, .pid = UMS_PID, .bcd_device = UMS_BCD,
		.manufacturer = board_env.usb_manufacturer ? board_env.usb_manufacturer : "gtaboot",
		.product = UMS_PRODUCT, .serial = sn ? serial : NULL, .ep0_size = 64,
		.self_powered = true,
		.intf_class = UMS_CLASS, .intf_subclass = UMS_SUBCLASS_SCSI,
		.intf_protocol = UMS_PROTO_BOT, .nalts = 1,
		.alt_names = (const char *const[]){ "SD card" },
		.eps = d.eps, .neps = 2, .ep_size = 512, .ep_size_fs = 64,
	};
	ums_init(&d.ums, &d.disk, chunk, UMS_CHUNK, &d.ctrl);
	usb_ctrl_init(&d.ctrl, &d.info, &ums_function_ops, &d.ums);

	err = usb_port_up("ums", "UMS", &d.udc, &d.ctrl, &twl);
	if (err)
		return err;
	printf("UMS: USB %04x:%04x; Ctrl-C or the AUX/USER button ends it\n", UMS_VID, UMS_PID);
	console_flush();
	musb_udc_connect(&d.udc, true);
	err = usb_loop(&d);
	musb_udc_connect(&d.udc, false);
	if (err == -ECANCELED)
		err = 0;
	report(&d.ums);
	usb_port_down(twl);
	/* the host may have rewritten anything: mounts and cached sectors */
	if (d.ums.blocks_written)
		bootfs_forget();
	return err;
}
CMD(ums, "ums", do_ums, "ums <USB_controller> [<devtype>] <dev[:part]>",
    "the SD card as a USB mass storage disk (e.g. ums 0 mmc 0); devtype defaults to mmc");
