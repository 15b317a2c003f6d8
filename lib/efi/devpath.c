// SPDX-License-Identifier: GPL-2.0-or-later
/* EFI device paths: built for the firmware's handles, and turned into the
 * text of UEFI 2.10 section 10.6. Every node's length is checked against
 * what may be read before a field of it is, and against the size its type
 * has, so any bytes give text and nothing is read past the path. */
#include "lib/efi/devpath.h"
#include "lib/string.h"

const uint8_t efi_gtaboot_root_guid[16] = {
	0x3a, 0xf0, 0xb3, 0xc4, 0x3d, 0x71, 0x47, 0x4f,
	0x87, 0xe2, 0x02, 0x5a, 0x3c, 0xe6, 0x68, 0x76,
};

static uint16_t rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t rd32(const uint8_t *p)
{
	return rd16(p) | (uint32_t)rd16(p + 2) << 16;
}

static uint64_t rd64(const uint8_t *p)
{
	return rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

static void wr(uint8_t *p, uint64_t v, int n)
{
	for (int i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* ------------------------------------------------------------ building */

void efi_dp_init(struct efi_dp_builder *b, void *buf, size_t cap)
{
	b->buf = buf;
	b->cap = cap;
	b->len = 0;
	b->overflow = false;
}

/* Room for a node of len bytes (zeroed, header set), or NULL. */
static uint8_t *node(struct efi_dp_builder *b, uint8_t type, uint8_t sub, size_t len)
{
	uint8_t *n;

	if (b->overflow || len > 0xffff || len > b->cap - b->len || b->len > b->cap) {
		b->overflow = true;
		return NULL;
	}
	n = b->buf + b->len;
	memset(n, 0, len);
	n[0] = type;
	n[1] = sub;
	wr(n + 2, len, 2);
	b->len += len;
	return n;
}

void efi_dp_vendor_hw(struct efi_dp_builder *b, const uint8_t guid[16], const void *data,
		      size_t len)
{
	uint8_t *n = node(b, EFI_DP_HW, EFI_DP_HW_VENDOR, 20 + len);

	if (!n)
		return;
	memcpy(n + 4, guid, 16);
	if (len)
		memcpy(n + 20, data, len);
}

void efi_dp_sd(struct efi_dp_builder *b, uint8_t slot, bool emmc)
{
	uint8_t *n = node(b, EFI_DP_MSG, emmc ? EFI_DP_MSG_EMMC : EFI_DP_MSG_SD, 5);

	if (n)
		n[4] = slot;
}

static void hd(struct efi_dp_builder *b, uint32_t part, uint64_t start, uint64_t size,
	       const uint8_t *sig, size_t siglen, uint8_t fmt)
{
	uint8_t *n = node(b, EFI_DP_MEDIA, EFI_DP_MEDIA_HD, EFI_DP_HD_LEN);

	if (!n)
		return;
	wr(n + 4, part, 4);
	wr(n + 8, start, 8);
	wr(n + 16, size, 8);
	memcpy(n + 24, sig, siglen);
	n[40] = fmt;            /* 1: PC-AT MBR, 2: GPT */
	n[41] = fmt;            /* signature: 1 32-bit MBR, 2 GUID */
}

void efi_dp_hd_mbr(struct efi_dp_builder *b, uint32_t part, uint64_t start, uint64_t size,
		   uint32_t disk_sig)
{
	uint8_t sig[4];

	wr(sig, disk_sig, 4);
	hd(b, part, start, size, sig, 4, 1);
}

void efi_dp_hd_gpt(struct efi_dp_builder *b, uint32_t part, uint64_t start, uint64_t size,
		   const uint8_t guid[16])
{
	hd(b, part, start, size, guid, 16, 2);
}

void efi_dp_file(struct efi_dp_builder *b, const char *path)
{
	const uint8_t *p = (const uint8_t *)path;
	size_t units = 1, i;
	uint8_t *n;

	/* units: one per code point, two above U+FFFF, and the NUL */
	for (i = 0; p[i]; i++)
		if ((p[i] & 0xc0) != 0x80)
			units += (p[i] >= 0xf0) ? 2 : 1;
	n = node(b, EFI_DP_MEDIA, EFI_DP_MEDIA_FILE, 4 + 2 * units);
	if (!n)
		return;
	n += 4;
	while (*p && units > 1) {
		uint32_t c = *p++;
		int more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;

		if (c >= 0x80 && c < 0xc0)
			continue;       /* a stray continuation byte: counted as none */
		c &= more ? 0x3fu >> more : 0x7f;
		for (; more && (*p & 0xc0) == 0x80; more--)
			c = c << 6 | (*p++ & 0x3f);
		if (more)
			c = 0xfffd;
		if (c == '/')
			c = '\\';
		if (c >= 0x10000 && c <= 0x10ffff && units > 2) {
			wr(n, 0xd800 + ((c - 0x10000) >> 10), 2);
			wr(n + 2, 0xdc00 + (c & 0x3ff), 2);
			n += 4;
			units -= 2;
		} else {
			wr(n, c > 0xffff ? 0xfffd : c, 2);
			n += 2;
			units--;
		}
	}
	/* the rest (the NUL, and what a short sequence left) stays zero */
}

size_t efi_dp_end(struct efi_dp_builder *b)
{
	node(b, EFI_DP_END, EFI_DP_END_ENTIRE, 4);
	return b->overflow ? 0 : b->len;
}

size_t efi_dp_sd_card(void *buf, size_t cap, uint8_t slot)
{
	struct efi_dp_builder b;

	efi_dp_init(&b, buf, cap);
	efi_dp_vendor_hw(&b, efi_gtaboot_root_guid, NULL, 0);
	efi_dp_sd(&b, slot, false);
	return efi_dp_end(&b);
}

size_t efi_dp_sd_partition(void *buf, size_t cap, uint8_t slot, uint32_t part, uint64_t start,
			   uint64_t size, uint32_t disk_sig)
{
	struct efi_dp_builder b;

	efi_dp_init(&b, buf, cap);
	efi_dp_vendor_hw(&b, efi_gtaboot_root_guid, NULL, 0);
	efi_dp_sd(&b, slot, false);
	efi_dp_hd_mbr(&b, part, start, size, disk_sig);
	return efi_dp_end(&b);
}

size_t efi_dp_size(const void *dp, size_t max)
{
	const uint8_t *p = dp;
	size_t off = 0, len;

	while (max - off >= 4) {
		len = rd16(p + off + 2);
		if (len < 4 || len > max - off)
			return 0;
		if (p[off] == EFI_DP_END && p[off + 1] == EFI_DP_END_ENTIRE)
			return off + len;
		off += len;
	}
	return 0;
}

/* ------------------------------------------------------------ to text */

struct out {
	char *p;
	size_t cap, len;
};

static void putc_(struct out *o, char c)
{
	if (o->len + 1 < o->cap)
		o->p[o->len] = c;
	o->len++;
}

static void puts_(struct out *o, const char *s)
{
	while (*s)
		putc_(o, *s++);
}

static void hex(struct out *o, uint64_t v, int digits)
{
	int n = 1;

	while (n < 16 && v >> (4 * n))
		n++;
	if (n < digits)
		n = digits;
	while (n--)
		putc_(o, "0123456789abcdef"[(v >> (4 * n)) & 15]);
}

static void hex0x(struct out *o, uint64_t v)
{
	puts_(o, "0x");
	hex(o, v, 1);
}

static void dec(struct out *o, uint64_t v)
{
	char b[21];
	int n = 0;

	do {
		b[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n--)
		putc_(o, b[n]);
}

static void guid(struct out *o, const uint8_t *g)
{
	hex(o, rd32(g), 8);
	putc_(o, '-');
	hex(o, rd16(g + 4), 4);
	putc_(o, '-');
	hex(o, rd16(g + 6), 4);
	putc_(o, '-');
	for (int i = 8; i < 16; i++) {
		if (i == 10)
			putc_(o, '-');
		hex(o, g[i], 2);
	}
}

static void bytes(struct out *o, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		hex(o, p[i], 2);
}

/* The generic forms (10.6.1.1), for unknown nodes and known ones of the
 * wrong length. */
static void generic(struct out *o, const uint8_t *n, size_t len)
{
	static const char *const names[] = { NULL, "HardwarePath(", "AcpiPath(", "Msg(",
					     "MediaPath(", "BbsPath(" };

	if (n[0] >= 1 && n[0] <= 5) {
		puts_(o, names[n[0]]);
	} else {
		puts_(o, "Path(");
		dec(o, n[0]);
		putc_(o, ',');
	}
	dec(o, n[1]);
	if (len > 4) {
		putc_(o, ',');
		bytes(o, n + 4, len - 4);
	}
	putc_(o, ')');
}

static void vendor(struct out *o, const char *name, const uint8_t *n, size_t len)
{
	puts_(o, name);
	guid(o, n + 4);
	if (len > 20) {
		putc_(o, ',');
		bytes(o, n + 20, len - 20);
	}
	putc_(o, ')');
}

/* The UTF-16 name of a File Path node, to its NUL or its end. */
static void file_name(struct out *o, const uint8_t *p, size_t units)
{
	for (size_t i = 0; i < units; i++) {
		uint32_t c = rd16(p + 2 * i);

		if (!c)
			break;
		if (c >= 0xd800 && c < 0xdc00 && i + 1 < units && rd16(p + 2 * i + 2) >= 0xdc00 &&
		    rd16(p + 2 * i + 2) < 0xe000)
			c = 0x10000 + ((c - 0xd800) << 10) + (rd16(p + 2 * ++i) - 0xdc00u);
		else if (c >= 0xd800 && c < 0xe000)
			c = '?';
		if (c < 0x80) {
			putc_(o, (char)c);
		} else if (c < 0x800) {
			putc_(o, (char)(0xc0 | c >> 6));
			putc_(o, (char)(0x80 | (c & 0x3f)));
		} else if (c < 0x10000) {
			putc_(o, (char)(0xe0 | c >> 12));
			putc_(o, (char)(0x80 | ((c >> 6) & 0x3f)));
			putc_(o, (char)(0x80 | (c & 0x3f)));
		} else {
			putc_(o, (char)(0xf0 | c >> 18));
			putc_(o, (char)(0x80 | ((c >> 12) & 0x3f)));
			putc_(o, (char)(0x80 | ((c >> 6) & 0x3f)));
			putc_(o, (char)(0x80 | (c & 0x3f)));
		}
	}
}

/* "Acpi(PNP0A03,0x0)" style: an EISA ID is three letters and four hex
 * digits; PNP0A03 and PNP0A08 are the PCI roots. */
static void acpi(struct out *o, const uint8_t *n)
{
	uint32_t hid = rd32(n + 4), uid = rd32(n + 8);

	if (hid == 0x0a0341d0 || hid == 0x0a0841d0) {
		puts_(o, hid == 0x0a0341d0 ? "PciRoot(" : "PcieRoot(");
		hex0x(o, uid);
		putc_(o, ')');
		return;
	}
	puts_(o, "Acpi(");
	putc_(o, (char)('@' + ((hid >> 10) & 0x1f)));
	putc_(o, (char)('@' + ((hid >> 5) & 0x1f)));
	putc_(o, (char)('@' + (hid & 0x1f)));
	hex(o, hid >> 16, 4);
	putc_(o, ',');
	hex0x(o, uid);
	putc_(o, ')');
}

static void uart(struct out *o, const uint8_t *n)
{
	static const char parity[] = "DNEOMS";
	static const char *const stop[] = { "D", "1", "1.5", "2" };
	uint64_t baud = rd64(n + 8);

	puts_(o, "Uart(");
	if (baud)
		dec(o, baud);
	else
		puts_(o, "DEFAULT");
	putc_(o, ',');
	if (n[16])
		dec(o, n[16]);
	else
		puts_(o, "DEFAULT");
	putc_(o, ',');
	if (n[17] < 6)
		putc_(o, parity[n[17]]);
	else
		hex0x(o, n[17]);
	putc_(o, ',');
	if (n[18] < 4)
		puts_(o, stop[n[18]]);
	else
		hex0x(o, n[18]);
	putc_(o, ')');
}

static void hard_drive(struct out *o, const uint8_t *n)
{
	puts_(o, "HD(");
	dec(o, rd32(n + 4));
	putc_(o, ',');
	if (n[41] == 1) {
		puts_(o, "MBR,0x");
		hex(o, rd32(n + 24), 8);
	} else if (n[41] == 2) {
		puts_(o, "GPT,");
		guid(o, n + 24);
	} else {
		dec(o, n[41]);
		puts_(o, ",0");
	}
	putc_(o, ',');
	hex0x(o, rd64(n + 8));
	putc_(o, ',');
	hex0x(o, rd64(n + 16));
	putc_(o, ')');
}

/* One node of len bytes (len >= 4, all readable). */
static void node_text(struct out *o, const uint8_t *n, size_t len)
{
	uint16_t key = (uint16_t)(n[0] << 8 | n[1]);

	switch (key) {
	case 0x0101:    /* PCI */
		if (len != 6)
			break;
		puts_(o, "Pci(");
		hex0x(o, n[5]);
		putc_(o, ',');
		hex0x(o, n[4]);
		putc_(o, ')');
		return;
	case 0x0103:    /* memory mapped */
		if (len != 24)
			break;
		puts_(o, "MemoryMapped(");
		hex0x(o, rd32(n + 4));
		putc_(o, ',');
		hex0x(o, rd64(n + 8));
		putc_(o, ',');
		hex0x(o, rd64(n + 16));
		putc_(o, ')');
		return;
	case 0x0104:
		if (len < 20)
			break;
		vendor(o, "VenHw(", n, len);
		return;
	case 0x0105:    /* controller */
		if (len != 8)
			break;
		puts_(o, "Ctrl(");
		hex0x(o, rd32(n + 4));
		putc_(o, ')');
		return;
	case 0x0201:
		if (len != 12)
			break;
		acpi(o, n);
		return;
	case 0x0305:    /* USB */
		if (len != 6)
			break;
		puts_(o, "USB(");
		hex0x(o, n[4]);
		putc_(o, ',');
		hex0x(o, n[5]);
		putc_(o, ')');
		return;
	case 0x030a:
		if (len < 20)
			break;
		vendor(o, "VenMsg(", n, len);
		return;
	case 0x030b:    /* MAC: 32 address bytes, of which Ethernet's are 6 */
		if (len != 37)
			break;
		puts_(o, "MAC(");
		bytes(o, n + 4, n[36] <= 1 ? 6 : 32);
		putc_(o, ',');
		hex0x(o, n[36]);
		putc_(o, ')');
		return;
	case 0x030e:
		if (len != 19)
			break;
		uart(o, n);
		return;
	case 0x031a:
	case 0x031d:
		if (len != 5)
			break;
		puts_(o, n[1] == EFI_DP_MSG_SD ? "SD(" : "eMMC(");
		dec(o, n[4]);
		putc_(o, ')');
		return;
	case 0x0401:
		if (len != EFI_DP_HD_LEN)
			break;
		hard_drive(o, n);
		return;
	case 0x0402:    /* CD-ROM */
		if (len != 24)
			break;
		puts_(o, "CDROM(");
		hex0x(o, rd32(n + 4));
		putc_(o, ',');
		hex0x(o, rd64(n + 8));
		putc_(o, ',');
		hex0x(o, rd64(n + 16));
		putc_(o, ')');
		return;
	case 0x0403:
		if (len < 20)
			break;
		vendor(o, "VenMedia(", n, len);
		return;
	case 0x0404:
		file_name(o, n + 4, (len - 4) / 2);
		return;
	case 0x0405:
	case 0x0406:
	case 0x0407:
		if (len != 20)
			break;
		puts_(o, n[1] == 5 ? "Media(" : n[1] == 6 ? "FvFile(" : "Fv(");
		guid(o, n + 4);
		putc_(o, ')');
		return;
	case 0x0408:    /* relative offset range */
		if (len != 24)
			break;
		puts_(o, "Offset(");
		hex0x(o, rd64(n + 8));
		putc_(o, ',');
		hex0x(o, rd64(n + 16));
		putc_(o, ')');
		return;
	case 0x7f01:
		if (len != 4)
			break;
		putc_(o, ',');
		return;
	case 0x7fff:
		if (len != 4)
			break;
		return;
	}
	generic(o, n, len);
}

static int finish(struct out *o)
{
	if (o->cap)
		o->p[o->len < o->cap ? o->len : o->cap - 1] = 0;
	return o->len > 0x7fffffff ? 0x7fffffff : (int)o->len;
}

int efi_dp_node_to_text(const void *node_, size_t avail, char *out, size_t cap)
{
	const uint8_t *n = node_;
	struct out o = { out, cap, 0 };
	size_t len;

	if (cap)
		out[0] = 0;
	if (!n || avail < 4)
		return -1;
	len = rd16(n + 2);
	if (len < 4 || len > avail)
		return -1;
	node_text(&o, n, len);
	return finish(&o);
}

int efi_dp_to_text(const void *dp, size_t max, char *out, size_t cap)
{
	const uint8_t *p = dp;
	struct out o = { out, cap, 0 };
	size_t size, off = 0, len;
	bool first = true;

	if (cap)
		out[0] = 0;
	size = p ? efi_dp_size(dp, max) : 0;
	if (!size)
		return -1;
	for (;;) {
		len = rd16(p + off + 2);
		if (p[off] == EFI_DP_END && p[off + 1] == EFI_DP_END_ENTIRE)
			break;
		if (p[off] == EFI_DP_END && p[off + 1] == EFI_DP_END_INSTANCE) {
			putc_(&o, ',');
			first = true;
		} else {
			if (!first)
				putc_(&o, '/');
			node_text(&o, p + off, len);
			first = false;
		}
		off += len;
	}
	return finish(&o);
}
