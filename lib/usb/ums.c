// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * USB mass storage: the Bulk-Only Transport and the SCSI commands of one
 * logical unit (docs/references.md rows "USB mass storage BOT", "SCSI
 * SPC/SBC", "Linux usb-storage and f_mass_storage"). Hardware-free: the
 * caller moves the packets (ums_next/ums_done) and owns the disk.
 *
 * The transport: a 31-byte CBW on bulk OUT, a data phase in the CBW's
 * direction, a 13-byte CSW on bulk IN. Host (dCBWDataTransferLength and
 * direction) and device (what the command means to move) may disagree:
 * the thirteen cases of BOT 6.7 are resolved in plan() as the spec asks
 * of a device, stalling where it must. A CBW that is not valid or not
 * meaningful wedges both bulk endpoints until the host's reset recovery.
 */
#include "lib/usb/ums.h"

#include "lib/errno.h"
#include "lib/string.h"

#define BLK		512u

/* SCSI operation codes (SPC-4, SBC-3) */
#define TEST_UNIT_READY		0x00
#define REQUEST_SENSE		0x03
#define INQUIRY			0x12
#define MODE_SENSE_6		0x1A
#define START_STOP_UNIT		0x1B
#define PREVENT_ALLOW		0x1E
#define READ_FORMAT_CAPACITIES	0x23
#define READ_CAPACITY_10	0x25
#define READ_10			0x28
#define WRITE_10		0x2A
#define VERIFY_10		0x2F
#define SYNCHRONIZE_CACHE_10	0x35
#define MODE_SENSE_10		0x5A

/* sense keys and additional sense codes (SPC-4 4.5.6, annex D) */
#define KEY_NO_SENSE		0x00
#define KEY_NOT_READY		0x02
#define KEY_MEDIUM_ERROR	0x03
#define KEY_ILLEGAL_REQUEST	0x05
#define KEY_DATA_PROTECT	0x07
#define KEY_ABORTED_COMMAND	0x0B
#define ASC_WRITE_ERROR		0x0C
#define ASC_UNRECOVERED_READ	0x11
#define ASC_INVALID_OPCODE	0x20
#define ASC_LBA_OUT_OF_RANGE	0x21
#define ASC_INVALID_FIELD_CDB	0x24
#define ASC_WRITE_PROTECTED	0x27
#define ASC_SAVING_NOT_SUPP	0x39
#define ASC_MEDIUM_NOT_PRESENT	0x3A
#define ASC_DATA_PHASE_ERROR	0x4B
#define ASC_REMOVAL_PREVENTED	0x53	/* ASCQ 0x02 */

enum dir { DIR_NONE, DIR_IN, DIR_OUT };

static uint32_t get32be(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint16_t get16be(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static void put32be(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static uint32_t get32le(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put32le(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static uint32_t min32(uint32_t a, uint32_t b)
{
	return a < b ? a : b;
}

void ums_init(struct ums *u, const struct ums_disk *disk, uint8_t *buf, uint32_t buf_size,
	      struct usb_ctrl *ctrl)
{
	memset(u, 0, sizeof(*u));
	u->disk = disk;
	u->buf = buf;
	u->buf_size = buf_size - buf_size % BLK;
	u->ctrl = ctrl;
	u->phase = UMS_PH_CBW;
}

void ums_reset(struct ums *u)
{
	u->phase = UMS_PH_CBW;
	u->xfer = u->done = u->pos = u->fill = 0;
	u->io = u->discard = u->halt_after = false;
	if (u->ctrl)
		usb_ctrl_unwedge(u->ctrl);
}

/* ------------------------------------------------------------ sense data */

static void sense(struct ums *u, uint8_t key, uint8_t asc, uint8_t ascq)
{
	u->key = key;
	u->asc = asc;
	u->ascq = ascq;
	u->info_valid = false;
	u->status = UMS_CSW_FAILED;
}

/* A medium error at lba: the sense's INFORMATION field names the block
 * (SBC: the first one in error; the chunk's first is as near as the card
 * tells), and the console hears of it. */
static void medium_error(struct ums *u, bool write, uint64_t lba, int err)
{
	if (write && err == -EROFS)
		sense(u, KEY_DATA_PROTECT, ASC_WRITE_PROTECTED, 0);
	else
		sense(u, KEY_MEDIUM_ERROR, write ? ASC_WRITE_ERROR : ASC_UNRECOVERED_READ, 0);
	u->info_valid = lba <= 0xFFFFFFFFu;
	u->info = (uint32_t)lba;
	u->errors++;
	u->last_err = err;
	u->last_err_lba = lba;
	u->last_err_write = write;
}

/* -------------------------------------------------------------- the CSW */

static void to_csw(struct ums *u)
{
	put32le(u->csw, UMS_CSW_SIG);
	put32le(u->csw + 4, u->tag);
	/* BOT 5.2: the difference between what the host expected and what
	 * was moved (a phase error's residue means nothing to the host) */
	put32le(u->csw + 8, u->hlen - u->done);
	u->csw[12] = u->status;
	u->phase = UMS_PH_CSW;
}

/* The data phase is over: the stall that ends it early, then the CSW. */
static void end_data(struct ums *u)
{
	if (u->halt_after)
		u->phase = u->hin ? UMS_PH_HALT_IN : UMS_PH_HALT_OUT;
	else
		to_csw(u);
}

/* READ: the next chunk of blocks into buf. False (and the data phase cut
 * where it is) on a read error. */
static bool in_refill(struct ums *u)
{
	uint32_t left = u->xfer - u->done;
	uint32_t blocks = min32((left + BLK - 1) / BLK, u->buf_size / BLK);
	int err = u->disk->read(u->disk->ctx, u->lba, blocks, u->buf);

	if (err) {
		medium_error(u, false, u->lba, err);
		u->xfer = u->done;
		u->halt_after = u->done < u->hlen;
		return false;
	}
	u->lba += blocks;
	u->blocks_read += blocks;
	u->pos = 0;
	u->fill = min32(blocks * BLK, left);
	return true;
}

/* WRITE: the whole blocks received into buf go to the disk. False on a
 * write error: the rest of the data phase is stalled. */
static bool out_flush(struct ums *u)
{
	uint32_t blocks = u->fill / BLK;
	int err;

	u->fill = 0;
	if (u->discard || !blocks)
		return true;
	err = u->disk->write(u->disk->ctx, u->lba, blocks, u->buf);
	if (err) {
		medium_error(u, true, u->lba, err);
		u->discard = true;
		u->xfer = u->done;
		u->halt_after = u->done < u->hlen;
		return false;
	}
	u->lba += blocks;
	u->blocks_written += blocks;
	return true;
}

/*
 * Host and device expectations (BOT 6.7, the thirteen cases): dir/dlen is
 * what the command means to move (for IN replies already in buf, for
 * READ/WRITE u->io is set and u->lba the first block).
 */
static void plan(struct ums *u, enum dir dir, uint32_t dlen)
{
	if (!dlen)
		dir = DIR_NONE;
	u->done = u->pos = u->fill = 0;
	u->xfer = 0;
	u->halt_after = false;
	u->discard = false;
	if (!u->hlen) {
		/* cases 1, 2, 3: no data phase; a device that wanted one
		 * has a phase error and does not run the transfer */
		if (dir != DIR_NONE)
			u->status = UMS_CSW_PHASE;
		to_csw(u);
		return;
	}
	if (dir == DIR_NONE || (dir == DIR_IN) != u->hin) {
		/* cases 4, 9 (no data: stall the host's pipe, residue all of
		 * it), 8, 10 (opposite directions: a phase error) */
		if (dir != DIR_NONE)
			u->status = UMS_CSW_PHASE;
		u->halt_after = true;
		end_data(u);
		return;
	}
	u->xfer = min32(u->hlen, dlen);
	/* cases 7, 13: the device wants more than the host moves; a write
	 * the host cut short is received but not written */
	if (dlen > u->hlen) {
		u->status = UMS_CSW_PHASE;
		u->discard = dir == DIR_OUT;
	}
	/* cases 5, 11: less than the host expected: stall after the data */
	u->halt_after = dlen < u->hlen;
	if (dir == DIR_IN) {
		u->phase = UMS_PH_IN;
		if (u->io) {
			if (!in_refill(u))
				end_data(u);
		} else {
			u->fill = u->xfer;
		}
	} else {
		u->phase = UMS_PH_OUT;
	}
}

/* ----------------------------------------------------------- the commands */

static bool need_medium(struct ums *u)
{
	if (!u->ejected && u->disk->nblocks)
		return true;
	sense(u, KEY_NOT_READY, ASC_MEDIUM_NOT_PRESENT, 0);
	return false;
}

static void invalid_field(struct ums *u)
{
	sense(u, KEY_ILLEGAL_REQUEST, ASC_INVALID_FIELD_CDB, 0);
}

/* lba + count within the disk (a 64-bit sum: no wrap); lba itself too,
 * for zero blocks (as f_mass_storage checks) */
static bool in_range(struct ums *u, uint64_t lba, uint32_t count)
{
	if (lba < u->disk->nblocks && lba + count <= u->disk->nblocks)
		return true;
	sense(u, KEY_ILLEGAL_REQUEST, ASC_LBA_OUT_OF_RANGE, 0);
	return false;
}

/* INQUIRY (SPC 6.4): standard data only; vital product data refused. */
static uint32_t cmd_inquiry(struct ums *u)
{
	uint8_t *b = u->buf;
	const char *prod = u->disk->product ? u->disk->product : "SD card";
	size_t n;

	if (u->cdb[1] & 0x03 || u->cdb[2]) {
		invalid_field(u);
		return 0;
	}
	memset(b, 0, 36);
	b[0] = 0x00;            /* connected, direct access block device */
	b[1] = 0x80;            /* RMB: removable, as the card is */
	b[2] = 0x02;            /* the SCSI-2 level, as f_mass_storage reports */
	b[3] = 0x02;            /* response data format 2 */
	b[4] = 36 - 5;
	memset(b + 8, ' ', 28);
	memcpy(b + 8, "gtaboot", 7);
	n = strlen(prod);
	memcpy(b + 16, prod, n > 16 ? 16 : n);
	memcpy(b + 32, "0.1 ", 4);       /* gtaboot's version */
	return min32(36, get16be(u->cdb + 3));
}

/* REQUEST SENSE (SPC 6.27), fixed format (SPC 4.5.3); reading it clears it. */
static uint32_t cmd_request_sense(struct ums *u)
{
	uint8_t *b = u->buf;

	if (u->cdb[1] & 0x01) {         /* DESC: descriptor format */
		invalid_field(u);
		return 0;
	}
	memset(b, 0, 18);
	b[0] = (uint8_t)(0x70 | (u->info_valid ? 0x80 : 0));
	b[2] = u->key;
	put32be(b + 3, u->info);
	b[7] = 18 - 8;
	b[12] = u->asc;
	b[13] = u->ascq;
	u->key = u->asc = u->ascq = 0;
	u->info_valid = false;
	u->info = 0;
	return min32(18, u->cdb[4]);
}

/* MODE SENSE(6)/(10) (SPC 6.11, 6.12): no block descriptors; the caching
 * page (SBC 6.4.5) says write-through (the CSW follows the card's write);
 * the write-protect bit from the disk. */
static uint32_t cmd_mode_sense(struct ums *u, bool ten)
{
	uint8_t *b = u->buf;
	uint8_t pc = u->cdb[2] >> 6, page = u->cdb[2] & 0x3F;
	uint32_t hdr = ten ? 8 : 4, n = hdr, alloc;

	if (!need_medium(u))
		return 0;
	if (pc == 3) {
		sense(u, KEY_ILLEGAL_REQUEST, ASC_SAVING_NOT_SUPP, 0);
		return 0;
	}
	if (u->cdb[3] || (page != 0x08 && page != 0x3F)) {
		invalid_field(u);
		return 0;
	}
	memset(b, 0, hdr + 20);
	/* the caching page: every field 0 (current: write cache off, read
	 * cache on; changeable: nothing) */
	b[n] = 0x08;
	b[n + 1] = 18;
	n += 20;
	if (ten) {
		b[0] = (uint8_t)((n - 2) >> 8);
		b[1] = (uint8_t)(n - 2);
		b[3] = u->disk->ro ? 0x80 : 0;  /* WP */
		alloc = get16be(u->cdb + 7);
	} else {
		b[0] = (uint8_t)(n - 1);
		b[2] = u->disk->ro ? 0x80 : 0;
		alloc = u->cdb[4];
	}
	return min32(n, alloc);
}

static uint32_t cmd_read_capacity(struct ums *u)
{
	uint64_t last = u->disk->nblocks - 1;

	if (!need_medium(u))
		return 0;
	/* PMI 0 wants LBA 0 (SBC-2 5.10; obsolete since, still sent as 0) */
	if ((u->cdb[8] & 1) == 0 && get32be(u->cdb + 2)) {
		invalid_field(u);
		return 0;
	}
	/* past 2 TiB: 0xFFFFFFFF sends the host to READ CAPACITY(16) */
	put32be(u->buf, last > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)last);
	put32be(u->buf + 4, BLK);
	return 8;
}

/* READ FORMAT CAPACITIES (MMC-2; UFI 4.10): Windows' and some Linux
 * tools' question; one current descriptor, formatted media. */
static uint32_t cmd_read_format_capacities(struct ums *u)
{
	uint8_t *b = u->buf;
	uint64_t n = u->disk->nblocks;

	if (!need_medium(u))
		return 0;
	memset(b, 0, 12);
	b[3] = 8;
	put32be(b + 4, n > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)n);
	b[8] = 0x02;            /* formatted media, current capacity */
	b[9] = 0;
	b[10] = BLK >> 8;
	b[11] = 0;
	return min32(12, get16be(u->cdb + 7));
}

static void cmd_start_stop(struct ums *u)
{
	bool start = u->cdb[4] & 1, loej = u->cdb[4] & 2;

	/* a power condition set: START and LOEJ are ignored (SBC 5.19) */
	if (u->cdb[4] >> 4 || !loej)
		return;
	if (start) {
		u->ejected = false;
	} else if (u->prevent) {
		sense(u, KEY_ILLEGAL_REQUEST, ASC_REMOVAL_PREVENTED, 0x02);
	} else {
		/* eject: the medium is gone until loaded again; the command
		 * loop takes it as the end */
		u->ejected = true;
	}
}

static void cmd_verify(struct ums *u)
{
	uint64_t lba = get32be(u->cdb + 2);
	uint32_t count = get16be(u->cdb + 7);

	if (!need_medium(u))
		return;
	if (u->cdb[1] & 0x06) {         /* BYTCHK: a compare with host data */
		invalid_field(u);
		return;
	}
	if (!in_range(u, lba, count))
		return;
	/* the blocks are read: a card that cannot read them fails it */
	while (count) {
		uint32_t n = min32(count, u->buf_size / BLK);
		int err = u->disk->read(u->disk->ctx, lba, n, u->buf);

		if (err) {
			medium_error(u, false, lba, err);
			return;
		}
		lba += n;
		count -= n;
	}
}

/* Runs the CDB; returns what it means to move in the data phase. */
static uint32_t command(struct ums *u, enum dir *dir)
{
	const uint8_t *c = u->cdb;
	uint8_t op = c[0];
	/* the CDB lengths of SPC/SBC: group 0 six bytes, groups 1 and 2 ten */
	unsigned need = op < 0x20 ? 6 : op < 0x60 ? 10 : 16;

	*dir = DIR_NONE;
	u->io = false;
	u->status = UMS_CSW_GOOD;
	/* each command's sense is its own; REQUEST SENSE reads the last */
	if (op != REQUEST_SENSE) {
		u->key = u->asc = u->ascq = 0;
		u->info_valid = false;
		u->info = 0;
	}
	if (u->cdb_len < need) {
		invalid_field(u);
		return 0;
	}
	switch (op) {
	case TEST_UNIT_READY:
		need_medium(u);
		return 0;
	case REQUEST_SENSE:
		*dir = DIR_IN;
		return cmd_request_sense(u);
	case INQUIRY:
		*dir = DIR_IN;
		return cmd_inquiry(u);
	case MODE_SENSE_6:
	case MODE_SENSE_10:
		*dir = DIR_IN;
		return cmd_mode_sense(u, op == MODE_SENSE_10);
	case START_STOP_UNIT:
		cmd_start_stop(u);
		return 0;
	case PREVENT_ALLOW:
		if ((c[4] & 3) > 1)
			invalid_field(u);       /* persistent prevention: obsolete */
		else
			u->prevent = c[4] & 1;
		return 0;
	case READ_FORMAT_CAPACITIES:
		*dir = DIR_IN;
		return cmd_read_format_capacities(u);
	case READ_CAPACITY_10:
		*dir = DIR_IN;
		return cmd_read_capacity(u);
	case READ_10:
	case WRITE_10: {
		uint64_t lba = get32be(c + 2);
		uint32_t count = get16be(c + 7);

		if (!need_medium(u) || !in_range(u, lba, count))
			return 0;
		if (op == WRITE_10 && (u->disk->ro || !u->disk->write)) {
			sense(u, KEY_DATA_PROTECT, ASC_WRITE_PROTECTED, 0);
			return 0;
		}
		u->io = true;
		u->lba = lba;
		*dir = op == READ_10 ? DIR_IN : DIR_OUT;
		return count * BLK;
	}
	case VERIFY_10:
		cmd_verify(u);
		return 0;
	case SYNCHRONIZE_CACHE_10:
		/* every write reached the card before its CSW: nothing to do
		 * beyond the range check SBC asks for */
		if (need_medium(u))
			in_range(u, get32be(c + 2), get16be(c + 7));
		return 0;
	default:
		/* READ CAPACITY(16) too: a card under 2 TiB needs none */
		sense(u, KEY_ILLEGAL_REQUEST, ASC_INVALID_OPCODE, 0);
		return 0;
	}
}

/* A packet arrived while waiting for a CBW. */
static void cbw(struct ums *u, uint32_t n)
{
	const uint8_t *p = u->cbw;
	uint32_t dlen;
	enum dir dir;

	/* BOT 6.2.1 valid: 31 bytes, the signature. Meaningful: no reserved
	 * bit set, an existing LUN (0), a CB length 1..16. Either failing:
	 * both pipes stall until the reset recovery (6.6.1). */
	if (n != UMS_CBW_LEN || get32le(p) != UMS_CBW_SIG || (p[12] & 0x7F) || p[13] ||
	    p[14] < 1 || p[14] > 16) {
		u->errors++;
		u->phase = UMS_PH_WEDGE;
		return;
	}
	u->tag = get32le(p + 4);
	u->hlen = get32le(p + 8);
	u->hin = p[12] & 0x80;
	u->cdb_len = p[14];
	memset(u->cdb, 0, sizeof(u->cdb));
	memcpy(u->cdb, p + 15, u->cdb_len);
	dlen = command(u, &dir);
	plan(u, dir, dlen);
}

/* ---------------------------------------------------------- the transport */

void ums_next(struct ums *u, uint32_t maxp, struct ums_op *op)
{
	op->buf = NULL;
	op->len = 0;
	switch (u->phase) {
	case UMS_PH_CBW:
		op->kind = UMS_OP_RECV;
		op->buf = u->cbw;
		op->len = sizeof(u->cbw);
		break;
	case UMS_PH_IN:
		op->kind = UMS_OP_SEND;
		op->buf = u->buf + u->pos;
		op->len = min32(maxp, u->fill - u->pos);
		break;
	case UMS_PH_OUT:
		op->kind = UMS_OP_RECV;
		op->buf = u->buf + u->fill;
		op->len = min32(min32(maxp, u->buf_size - u->fill), u->xfer - u->done);
		u->asked = op->len;
		break;
	case UMS_PH_HALT_IN:
		op->kind = UMS_OP_HALT_IN;
		break;
	case UMS_PH_HALT_OUT:
		op->kind = UMS_OP_HALT_OUT;
		break;
	case UMS_PH_CSW:
		op->kind = UMS_OP_SEND;
		op->buf = u->csw;
		op->len = UMS_CSW_LEN;
		break;
	case UMS_PH_WEDGE:
		op->kind = UMS_OP_WEDGE;
		break;
	default:
		op->kind = UMS_OP_NONE;
		break;
	}
}

void ums_done(struct ums *u, uint32_t n)
{
	uint32_t want;

	switch (u->phase) {
	case UMS_PH_CBW:
		cbw(u, n);
		break;
	case UMS_PH_IN:
		want = min32(u->fill - u->pos, n);
		u->pos += want;
		u->done += want;
		if (u->done >= u->xfer)
			end_data(u);
		else if (u->pos >= u->fill && u->io && !in_refill(u))
			end_data(u);
		break;
	case UMS_PH_OUT:
		want = min32(min32(u->buf_size - u->fill, u->xfer - u->done), n);
		u->fill += want;
		u->done += want;
		if (u->done >= u->xfer || u->fill == u->buf_size) {
			if (!out_flush(u)) {
				end_data(u);
				break;
			}
		}
		if (u->done >= u->xfer) {
			end_data(u);
		} else if (n < u->asked) {
			/* a short packet: the host ended its data before
			 * dCBWDataTransferLength; the blocks it completed are
			 * written, the command failed */
			if (out_flush(u)) {
				sense(u, KEY_ABORTED_COMMAND, ASC_DATA_PHASE_ERROR, 0);
				u->errors++;
			}
			u->halt_after = false;
			to_csw(u);
		}
		break;
	case UMS_PH_HALT_IN:
	case UMS_PH_HALT_OUT:
		to_csw(u);
		break;
	case UMS_PH_CSW:
		u->commands++;
		u->phase = UMS_PH_CBW;
		break;
	case UMS_PH_WEDGE:
		u->phase = UMS_PH_WEDGED;
		break;
	default:
		break;
	}
}

/* --------------------------------------------------- the class requests */

static int ums_setup(void *ctx, const struct usb_setup *s, uint8_t *buf, uint16_t *len)
{
	struct ums *u = ctx;

	switch (s->bRequest) {
	case UMS_REQ_RESET:
		/* BOT 3.1: class, interface, OUT, wValue 0, no data */
		if (s->bmRequestType != (USB_TYPE_CLASS | USB_RECIP_INTERFACE) || s->wValue ||
		    s->wLength)
			return USB_CTRL_STALL;
		ums_reset(u);
		return USB_CTRL_ACK;
	case UMS_REQ_GET_MAX_LUN:
		/* BOT 3.2: one LUN, number 0 */
		if (s->bmRequestType != (USB_DIR_IN | USB_TYPE_CLASS | USB_RECIP_INTERFACE) ||
		    s->wValue || s->wLength != 1)
			return USB_CTRL_STALL;
		buf[0] = 0;
		*len = 1;
		return USB_CTRL_IN;
	default:
		return USB_CTRL_STALL;
	}
}

static void ums_set_alt(void *ctx, unsigned alt)
{
	ums_reset(ctx);
}

static void ums_bus_reset(void *ctx)
{
	ums_reset(ctx);
}

const struct usb_function_ops ums_function_ops = {
	.setup = ums_setup,
	.set_alt = ums_set_alt,
	.reset = ums_bus_reset,
};
