// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * USB DFU 1.1 in DFU mode (USB Device Firmware Upgrade Specification 1.1:
 * chapter 3 the requests, 4.2 the DFU-mode descriptor set, chapter 6 the
 * download and upload phases, appendix A.2 the DFU-mode state diagram),
 * as a function of lib/usb/usb_ctrl, and the parser of U-Boot's dfu_alt_info
 * (docs/references.md, "dfu_alt_info").
 *
 * A downloaded block is written when the host asks for the status after
 * it (dfuDNLOAD-SYNC -> dfuDNBUSY): the reply says dfuDNBUSY, the write
 * runs once the status stage is over, and the next GETSTATUS finds
 * dfuDNLOAD-IDLE or dfuERROR. Manifestation (the backend's flush) runs the
 * same way after the GETSTATUS that answers dfuMANIFEST.
 */
#include "lib/usb/dfu.h"

#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"

/* ---------------------------------------------------------- dfu_alt_info */

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Hex as U-Boot's hextoul reads it: an optional 0x, then hex digits, all
 * of the word; 32 bits at most. */
static bool parse_hex(const char *s, size_t n, uint32_t *v)
{
	uint64_t x = 0;
	size_t i = 0;

	if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		i = 2;
	if (i == n)
		return false;
	for (; i < n; i++) {
		char c = s[i];
		unsigned d;

		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			d = (unsigned)(c - 'A' + 10);
		else
			return false;
		x = x << 4 | d;
		if (x > 0xFFFFFFFFu)
			return false;
	}
	*v = (uint32_t)x;
	return true;
}

static bool parse_dec(const char *s, size_t n, unsigned *v)
{
	unsigned x = 0;
	size_t i;

	if (!n)
		return false;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9' || x > 100000)
			return false;
		x = x * 10 + (unsigned)(s[i] - '0');
	}
	*v = x;
	return true;
}

/* A number as U-Boot's simple_strtoul(s, &end, 0) reads it, all of the
 * word: 0x hex, a leading 0 octal, else decimal; 32 bits at most. */
static bool parse_num0(const char *s, size_t n, uint32_t *v)
{
	unsigned base = 10;
	uint64_t x = 0;
	size_t i = 0;

	if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		return parse_hex(s, n, v);
	if (n > 1 && s[0] == '0')
		base = 8, i = 1;
	if (!n)
		return false;
	for (; i < n; i++) {
		if (s[i] < '0' || s[i] >= (char)('0' + base))
			return false;
		x = x * base + (unsigned)(s[i] - '0');
		if (x > 0xFFFFFFFFu)
			return false;
	}
	*v = (uint32_t)x;
	return true;
}

/* An mmc entry (U-Boot's drivers/dfu/dfu_mmc.c): raw LBA BLOCKS, or part,
 * fat, ext4 with DEV PARTNUM. */
static int parse_mmc(struct dfu_alt *a, const char *const *w, const size_t *wl, unsigned nw,
		     char *why, size_t whylen)
{
	static const char *const kinds[] = { "raw", "part", "fat", "ext4" };
	static const enum dfu_alt_kind kind[] = { DFU_ALT_RAW, DFU_ALT_PART, DFU_ALT_FAT,
						  DFU_ALT_EXT4 };
	uint32_t x, y;
	unsigned k;

	for (k = 0; k < 4; k++)
		if (wl[1] == strlen(kinds[k]) && !memcmp(w[1], kinds[k], wl[1]))
			break;
	if (k == 4) {
		snprintf(why, whylen, "'%s': memory layout (%.*s) not supported", a->name,
			 (int)(wl[1] > 16 ? 16 : wl[1]), w[1]);
		return -EINVAL;
	}
	if (nw > 4) {
		/* eMMC hardware partitions (mmcpart) and offsets into one */
		snprintf(why, whylen, "'%s': '%.*s' options not supported (an SD card has no "
			 "hardware partitions)", a->name, (int)(wl[4] > 16 ? 16 : wl[4]),
			 w[4]);
		return -EINVAL;
	}
	if (nw < 4 || !parse_num0(w[2], wl[2], &x) || !parse_num0(w[3], wl[3], &y)) {
		snprintf(why, whylen, "'%s': want '%s %s'", a->name, kinds[k],
			 k ? "DEV PARTNUM" : "LBA BLOCKS");
		return -EINVAL;
	}
	a->kind = kind[k];
	if (!k) {
		if ((uint64_t)x + y > 0xFFFFFFFFull) {
			snprintf(why, whylen, "'%s': blocks past 2 TiB", a->name);
			return -EINVAL;
		}
		a->lba = x;
		a->blocks = y;
		return 0;
	}
	if (x > 255 || y > 255 || (a->kind == DFU_ALT_PART && !y)) {
		snprintf(why, whylen, "'%s': no mmc device %u partition %u", a->name, (unsigned)x,
			 (unsigned)y);
		return -EINVAL;
	}
	a->dev = x;
	a->part = y;
	return 0;
}

#define MAX_WORDS 6

int dfu_alt_parse(const char *info, const char *iface, struct dfu_alt *alts, unsigned max,
		  unsigned *n, char *why, size_t whylen)
{
	bool ram = strcmp(iface, "ram") == 0, mmc = strcmp(iface, "mmc") == 0;
	const char *p = info;
	unsigned count = 0;

	*n = 0;
	if (!ram && !mmc && strcmp(iface, "nand") != 0) {
		snprintf(why, whylen, "interface '%s' not supported", iface);
		return -EINVAL;
	}
	while (*p) {
		const char *w[MAX_WORDS];
		size_t wl[MAX_WORDS];
		unsigned nw = 0;
		const char *end = strchr(p, ';');
		struct dfu_alt *a;

		if (!end)
			end = p + strlen(p);
		/* split the entry into words */
		while (p < end) {
			while (p < end && blank(*p))
				p++;
			if (p == end)
				break;
			if (nw == MAX_WORDS) {
				snprintf(why, whylen, "entry %u: too many words", count);
				return -EINVAL;
			}
			w[nw] = p;
			while (p < end && !blank(*p))
				p++;
			wl[nw] = (size_t)(p - w[nw]);
			nw++;
		}
		if (*end == ';')
			end++;
		p = end;
		if (nw == 0)
			continue;       /* "a;;b", a trailing ';' */
		if (count == max) {
			snprintf(why, whylen, "more than %u entries", max);
			return -E2BIG;
		}
		a = &alts[count];
		memset(a, 0, sizeof(*a));
		if (wl[0] >= DFU_NAME_MAX) {
			snprintf(why, whylen, "entry %u: name longer than %u characters", count,
				 DFU_NAME_MAX - 1);
			return -ENAMETOOLONG;
		}
		memcpy(a->name, w[0], wl[0]);
		a->name[wl[0]] = 0;
		if (nw < 2) {
			snprintf(why, whylen, "'%s': no memory layout", a->name);
			return -EINVAL;
		}
		if (mmc) {
			int err = parse_mmc(a, w, wl, nw, why, whylen);

			if (err)
				return err;
			count++;
			continue;
		}
		if (ram && wl[1] == 3 && !memcmp(w[1], "ram", 3)) {
			a->kind = DFU_ALT_RAM;
			if (nw != 4 || !parse_hex(w[2], wl[2], &a->start) ||
			    !parse_hex(w[3], wl[3], &a->size)) {
				snprintf(why, whylen, "'%s': want 'ram ADDR SIZE'", a->name);
				return -EINVAL;
			}
		} else if (!ram && wl[1] == 3 && !memcmp(w[1], "raw", 3)) {
			a->kind = DFU_ALT_RAW;
			if (nw != 4 || !parse_hex(w[2], wl[2], &a->start) ||
			    !parse_hex(w[3], wl[3], &a->size)) {
				snprintf(why, whylen, "'%s': want 'raw OFFSET SIZE'", a->name);
				return -EINVAL;
			}
		} else if (!ram && wl[1] == 4 && !memcmp(w[1], "part", 4)) {
			a->kind = DFU_ALT_PART;
			if (nw != 4 || !parse_dec(w[2], wl[2], &a->dev) ||
			    !parse_dec(w[3], wl[3], &a->part)) {
				snprintf(why, whylen, "'%s': want 'part DEV PARTNUM'", a->name);
				return -EINVAL;
			}
		} else {
			/* U-Boot's words for it */
			snprintf(why, whylen, "'%s': memory layout (%.*s) not supported", a->name,
				 (int)(wl[1] > 16 ? 16 : wl[1]), w[1]);
			return -EINVAL;
		}
		if (a->kind != DFU_ALT_PART && (a->size == 0 || a->start + (uint64_t)a->size >
						 0x100000000ull)) {
			snprintf(why, whylen, "'%s': empty or past 4 GiB", a->name);
			return -EINVAL;
		}
		count++;
	}
	if (!count) {
		snprintf(why, whylen, "no entries");
		return -EINVAL;
	}
	*n = count;
	return 0;
}

/* ------------------------------------------------------------ the class */

static uint8_t status_of(int err)
{
	switch (err) {
	case -ENOSPC: case -EFBIG: return DFU_ERR_ADDRESS;
	case -EIO: return DFU_ERR_WRITE;
	case -EBADMSG: return DFU_ERR_VERIFY;
	case -EINVAL: return DFU_ERR_FILE;
	case -ENODEV: return DFU_ERR_TARGET;
	case -EROFS: return DFU_ERR_CHECK_ERASED;
	default: return DFU_ERR_UNKNOWN;
	}
}

static void to_idle(struct dfu *d)
{
	d->state = DFU_IDLE;
	d->offset = 0;
	d->started = false;
	d->manifested = false;
	d->blk_len = 0;
}

static void to_error(struct dfu *d, uint8_t status)
{
	d->state = DFU_ERROR;
	d->status = status;
}

void dfu_init(struct dfu *d, const struct dfu_alt *alts, unsigned n,
	      const struct dfu_backend *be, bool manifest_tolerant, struct usb_device_info *info)
{
	unsigned i;
	uint8_t *f = d->func_desc;

	memset(d, 0, sizeof(*d));
	if (n > DFU_MAX_ALTS)
		n = DFU_MAX_ALTS;
	d->alts = alts;
	d->nalts = n;
	d->be = be;
	d->manifest_tolerant = manifest_tolerant;
	to_idle(d);
	d->status = DFU_OK;
	for (i = 0; i < n; i++)
		d->names[i] = alts[i].name;
	f[0] = DFU_FUNC_DESC_LEN;
	f[1] = DFU_DT_FUNCTIONAL;
	f[2] = DFU_ATTR_CAN_DNLOAD | DFU_ATTR_CAN_UPLOAD | DFU_ATTR_WILL_DETACH |
	       (manifest_tolerant ? DFU_ATTR_MANIFEST_TOLERANT : 0);
	f[3] = DFU_DETACH_TIMEOUT_MS & 0xFF;
	f[4] = DFU_DETACH_TIMEOUT_MS >> 8;
	f[5] = DFU_TRANSFER_SIZE & 0xFF;
	f[6] = DFU_TRANSFER_SIZE >> 8;
	f[7] = 0x10;                    /* bcdDFUVersion 1.1 */
	f[8] = 0x01;
	info->intf_class = DFU_CLASS;
	info->intf_subclass = DFU_SUBCLASS;
	info->intf_protocol = DFU_PROTOCOL_DFU;
	info->nalts = n;
	info->alt_names = d->names;
	info->class_desc = d->func_desc;
	info->class_desc_len = DFU_FUNC_DESC_LEN;
	info->eps = NULL;
	info->neps = 0;
}

/* The GETSTATUS reply (6.1.2): bStatus, bwPollTimeout (3 bytes), bState,
 * iString. */
static uint16_t status_reply(const struct dfu *d, uint8_t state, uint32_t poll_ms, uint8_t *buf)
{
	buf[0] = d->status;
	buf[1] = (uint8_t)poll_ms;
	buf[2] = (uint8_t)(poll_ms >> 8);
	buf[3] = (uint8_t)(poll_ms >> 16);
	buf[4] = state;
	buf[5] = 0;
	return 6;
}

/* A request the current state does not allow: stall, and dfuERROR with
 * errSTALLEDPKT (A.2). */
static int refuse(struct dfu *d)
{
	if (d->state != DFU_ERROR || d->status == DFU_OK)
		to_error(d, DFU_ERR_STALLEDPKT);
	return USB_CTRL_STALL;
}

static int do_getstatus(struct dfu *d, uint8_t *buf, uint16_t *len)
{
	uint32_t poll = d->be ? d->be->poll_ms : 0;

	switch (d->state) {
	case DFU_DNLOAD_SYNC:
		/* the block is written after this reply (status_done) */
		d->state = DFU_DNBUSY;
		*len = status_reply(d, DFU_DNBUSY, poll, buf);
		return USB_CTRL_IN;
	case DFU_MANIFEST_SYNC:
		if (d->manifested) {
			/* manifestation tolerant, and done (A.2.7) */
			to_idle(d);
			*len = status_reply(d, DFU_IDLE, 0, buf);
			return USB_CTRL_IN;
		}
		d->state = DFU_MANIFEST;
		*len = status_reply(d, DFU_MANIFEST, d->be ? d->be->manifest_poll_ms : 0, buf);
		return USB_CTRL_IN;
	default:
		*len = status_reply(d, d->state, 0, buf);
		return USB_CTRL_IN;
	}
}

static int do_dnload(struct dfu *d, const struct usb_setup *s)
{
	const struct dfu_alt *a = &d->alts[d->alt];

	if (d->state != DFU_IDLE && d->state != DFU_DNLOAD_IDLE)
		return refuse(d);
	if (s->wLength == 0) {
		/* the end of the download: to manifestation (6.1.1) */
		if (d->state == DFU_IDLE)
			return refuse(d);
		d->state = DFU_MANIFEST_SYNC;
		d->manifested = false;
		return USB_CTRL_ACK;
	}
	if (s->wLength > DFU_TRANSFER_SIZE)
		return refuse(d);
	if (d->started && s->wValue != d->next_block) {
		to_error(d, DFU_ERR_UNKNOWN);
		return USB_CTRL_STALL;
	}
	/* a block past the alt's end is never written (errADDRESS) */
	if ((uint64_t)d->offset + s->wLength > a->size) {
		to_error(d, DFU_ERR_ADDRESS);
		return USB_CTRL_STALL;
	}
	return USB_CTRL_OUT;
}

static int do_upload(struct dfu *d, const struct usb_setup *s, uint8_t *buf, uint16_t *len)
{
	const struct dfu_alt *a = &d->alts[d->alt];
	uint32_t want = s->wLength;
	int got;

	if (d->state != DFU_IDLE && d->state != DFU_UPLOAD_IDLE)
		return refuse(d);
	if (!want || want > DFU_TRANSFER_SIZE || !d->be || !d->be->read)
		return refuse(d);
	if (d->state == DFU_IDLE) {
		d->offset = 0;
		d->started = true;
	}
	if (d->offset >= a->size)
		got = 0;
	else {
		if (want > a->size - d->offset)
			want = a->size - d->offset;
		got = d->be->read(d->be->ctx, a, d->offset, buf, want);
	}
	if (got < 0) {
		d->last_err = got;
		to_error(d, status_of(got));
		return USB_CTRL_STALL;
	}
	if ((uint32_t)got > want)
		got = (int)want;
	d->offset += (uint32_t)got;
	*len = (uint16_t)got;
	/* a short frame ends the upload (6.2) */
	if (got < s->wLength)
		to_idle(d);
	else
		d->state = DFU_UPLOAD_IDLE;
	return USB_CTRL_IN;
}

static int dfu_setup(void *ctx, const struct usb_setup *s, uint8_t *buf, uint16_t *len)
{
	struct dfu *d = ctx;
	bool in = s->bmRequestType & USB_DIR_IN;

	*len = 0;
	if ((s->bmRequestType & USB_TYPE_MASK) != USB_TYPE_CLASS || d->alt >= d->nalts)
		return refuse(d);
	switch (s->bRequest) {
	case DFU_GETSTATUS:
		if (!in || s->wLength < 6)
			return refuse(d);
		return do_getstatus(d, buf, len);
	case DFU_GETSTATE:
		if (!in || s->wLength < 1)
			return refuse(d);
		buf[0] = d->state;
		*len = 1;
		return USB_CTRL_IN;
	case DFU_CLRSTATUS:
		if (in || d->state != DFU_ERROR)
			return refuse(d);
		to_idle(d);
		d->status = DFU_OK;
		return USB_CTRL_ACK;
	case DFU_ABORT:
		if (in)
			return refuse(d);
		switch (d->state) {
		case DFU_IDLE: case DFU_DNLOAD_SYNC: case DFU_DNLOAD_IDLE:
		case DFU_MANIFEST_SYNC: case DFU_UPLOAD_IDLE:
			to_idle(d);
			return USB_CTRL_ACK;
		default:
			return refuse(d);
		}
	case DFU_DNLOAD:
		if (in)
			return refuse(d);
		return do_dnload(d, s);
	case DFU_UPLOAD:
		if (!in)
			return refuse(d);
		return do_upload(d, s, buf, len);
	case DFU_DETACH:
		/* not a DFU-mode request in the specification's table, but
		 * dfu-util -e sends it and U-Boot leaves DFU on it: so does
		 * gtaboot, from dfuIDLE */
		if (in || d->state != DFU_IDLE)
			return refuse(d);
		return USB_CTRL_ACK;
	default:
		return refuse(d);
	}
}

static int dfu_data_out(void *ctx, const struct usb_setup *s, const uint8_t *buf, uint16_t len)
{
	struct dfu *d = ctx;

	if (s->bRequest != DFU_DNLOAD || len > DFU_TRANSFER_SIZE)
		return refuse(d);
	memcpy(d->blk, buf, len);
	d->blk_len = len;
	d->next_block = (uint16_t)(s->wValue + 1);
	if (!d->started) {
		d->started = true;
		d->offset = 0;
	}
	d->state = DFU_DNLOAD_SYNC;
	return USB_CTRL_ACK;
}

static void dfu_status_done(void *ctx, const struct usb_setup *s)
{
	struct dfu *d = ctx;
	const struct dfu_alt *a = &d->alts[d->alt];
	int err;

	if (s->bRequest == DFU_DETACH && d->state == DFU_IDLE) {
		d->detach = true;
		return;
	}
	if (s->bRequest != DFU_GETSTATUS)
		return;
	if (d->state == DFU_DNBUSY) {
		err = 0;
		if ((uint64_t)d->offset + d->blk_len > a->size)
			err = -ENOSPC;  /* checked at DNLOAD; never written */
		else if (!d->be || !d->be->write)
			err = -ENODEV;
		else
			err = d->be->write(d->be->ctx, a, d->offset, d->blk, d->blk_len);
		if (err) {
			d->last_err = err;
			to_error(d, status_of(err));
			return;
		}
		d->offset += d->blk_len;
		d->blk_len = 0;
		d->state = DFU_DNLOAD_IDLE;
	} else if (d->state == DFU_MANIFEST) {
		err = d->be && d->be->flush ? d->be->flush(d->be->ctx, a, d->offset) : 0;
		if (err) {
			d->last_err = err;
			to_error(d, status_of(err));
			return;
		}
		d->downloads++;
		d->last_alt = d->alt;
		d->last_len = d->offset;
		if (d->manifest_tolerant) {
			d->state = DFU_MANIFEST_SYNC;
			d->manifested = true;
		} else {
			d->state = DFU_MANIFEST_WAIT_RESET;
		}
	}
}

static void dfu_set_alt(void *ctx, unsigned alt)
{
	struct dfu *d = ctx;

	d->alt = alt < d->nalts ? alt : 0;
	to_idle(d);
	d->status = DFU_OK;
}

static void dfu_reset(void *ctx)
{
	struct dfu *d = ctx;

	to_idle(d);
	d->status = DFU_OK;
}

const struct usb_function_ops dfu_function_ops = {
	.setup = dfu_setup,
	.data_out = dfu_data_out,
	.status_done = dfu_status_done,
	.set_alt = dfu_set_alt,
	.reset = dfu_reset,
};

const char *dfu_state_name(unsigned state)
{
	static const char *const names[] = {
		"appIDLE", "appDETACH", "dfuIDLE", "dfuDNLOAD-SYNC", "dfuDNBUSY",
		"dfuDNLOAD-IDLE", "dfuMANIFEST-SYNC", "dfuMANIFEST", "dfuMANIFEST-WAIT-RESET",
		"dfuUPLOAD-IDLE", "dfuERROR",
	};

	return state < sizeof(names) / sizeof(names[0]) ? names[state] : "?";
}

const char *dfu_status_name(unsigned status)
{
	static const char *const names[] = {
		"OK", "errTARGET", "errFILE", "errWRITE", "errERASE", "errCHECK_ERASED",
		"errPROG", "errVERIFY", "errADDRESS", "errNOTDONE", "errFIRMWARE", "errVENDOR",
		"errUSBR", "errPOR", "errUNKNOWN", "errSTALLEDPKT",
	};

	return status < sizeof(names) / sizeof(names[0]) ? names[status] : "?";
}
