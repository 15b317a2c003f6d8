// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mkmlo: wrap a raw firmware image for the OMAP3 boot ROM (TRM chapter 26
 * "Initialization", image formats; SPRUF98/SPRUGN4 "Initialization", image formats).
 *
 *   mkmlo --load ADDR [--ch] [--short] IN OUT
 *
 * Without --ch: the 8-byte GP header (u32 size, u32 load address, little
 * endian) and the image; size counts the image bytes. That is what an MLO
 * file on a FAT partition and a NAND copy need.
 *
 * With --ch: the 512-byte configuration header in front, exactly as
 * `mkimage -T omapimage` writes it: one TOC entry for a CHSETTINGS section
 * with valid = 0 (so the ROM applies nothing), the 0xFF terminator, and a
 * GP size that, like mkimage's, also counts the 8-byte GP header itself.
 * Raw-mode SD boot needs this header.
 *
 * With --short: the GP size declares only the part the ROM must load, as
 * gtaboot's MLO descriptor at offset 0x3C of IN names it (arch/arm/start.S:
 * "GMLO", early bytes); the whole image still follows in the file, where
 * gtaboot's early part reads the rest (docs/design.md "Two
 * images"). Without it the GP size covers the whole image, which only the
 * ROM's peripheral boots (UART, USB) need.
 *
 * The ROM copies the image into SRAM at the load address and refuses
 * anything that reaches the public area at SRAM_PUBLIC (memmap.h), so mkmlo
 * does too. The layout's numbers are arch/arm/omap3/mlo_layout.h.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arm/omap3/memmap.h"
#include "arch/arm/omap3/mlo_layout.h"

#define CH_SIZE		MLO_CH_BYTES
#define GP_SIZE		MLO_GP_BYTES

static uint32_t get_le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put_le32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static void usage(void)
{
	fprintf(stderr, "usage: mkmlo --load ADDR [--ch] [--short] IN OUT\n");
	exit(2);
}

static uint8_t *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t cap = 0, n = 0;

	if (!f)
		return NULL;
	for (;;) {
		if (n == cap) {
			uint8_t *nb;

			cap = cap ? cap * 2 : 65536;
			nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				fclose(f);
				errno = ENOMEM;
				return NULL;
			}
			buf = nb;
		}
		size_t r = fread(buf + n, 1, cap - n, f);

		n += r;
		if (r == 0)
			break;
	}
	if (ferror(f)) {
		free(buf);
		fclose(f);
		errno = EIO;
		return NULL;
	}
	fclose(f);
	*len = n;
	return buf;
}

/* The CH as mkimage -T omapimage lays it out (SPRUF98/SPRUGN4 "Initialization", image formats). */
static void build_ch(uint8_t ch[CH_SIZE])
{
	memset(ch, 0, CH_SIZE);
	put_le32(ch + 0x00, MLO_CH_SETTINGS_OFF);	/* section offset */
	put_le32(ch + 0x04, 12);			/* section size */
	memcpy(ch + MLO_CH_NAME_OFF, "CHSETTINGS", 10);	/* NUL-padded 12-byte name */
	memset(ch + 0x20, 0xFF, 32);			/* end of the TOC */
	put_le32(ch + MLO_CH_SETTINGS_OFF, MLO_CH_SETTINGS_KEY);
	ch[MLO_CH_SETTINGS_OFF + 4] = 0;		/* valid: ROM ignores the section */
	ch[MLO_CH_SETTINGS_OFF + 5] = 1;		/* version */
}

int main(int argc, char **argv)
{
	const char *in = NULL, *out = NULL;
	uint32_t load = 0;
	int have_load = 0, ch = 0, shorten = 0;
	uint8_t *img, hdr[CH_SIZE + GP_SIZE];
	size_t len, hlen = 0;
	uint32_t gp_size;
	FILE *f;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--load") && i + 1 < argc) {
			char *end;
			unsigned long v = strtoul(argv[++i], &end, 0);

			if (*end || v > 0xFFFFFFFFul)
				usage();
			load = (uint32_t)v;
			have_load = 1;
		} else if (!strcmp(argv[i], "--ch")) {
			ch = 1;
		} else if (!strcmp(argv[i], "--short")) {
			shorten = 1;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			usage();
		} else if (!in) {
			in = argv[i];
		} else if (!out) {
			out = argv[i];
		} else {
			usage();
		}
	}
	if (!have_load || !in || !out)
		usage();
	if (load < SRAM_BASE || load >= SRAM_PUBLIC || (load & 3)) {
		fprintf(stderr, "mkmlo: load address 0x%08x is not word-aligned SRAM "
			"below 0x%08x: the ROM only loads there\n", load, SRAM_PUBLIC);
		return 1;
	}
	img = read_file(in, &len);
	if (!img) {
		fprintf(stderr, "mkmlo: %s: %s\n", in, strerror(errno));
		return 1;
	}
	if (!len) {
		fprintf(stderr, "mkmlo: %s is empty\n", in);
		return 1;
	}
	gp_size = (uint32_t)len;
	if (shorten) {
		uint32_t early = len >= MLO_DESC_OFF + 8 &&
				 get_le32(img + MLO_DESC_OFF) == MLO_DESC_MAGIC ?
				 get_le32(img + MLO_DESC_OFF + MLO_DESC_EARLY) : 0;

		if (!early || early > len || early % 4) {
			fprintf(stderr, "mkmlo: %s: --short needs gtaboot's MLO descriptor at "
				"0x%x with an early part inside the image\n", in, MLO_DESC_OFF);
			return 1;
		}
		gp_size = early;
	}
	gp_size += ch ? GP_SIZE : 0;
	if ((!shorten && len > SRAM_PUBLIC - load) || gp_size > SRAM_PUBLIC - load) {
		fprintf(stderr, "mkmlo: %s is %zu bytes: at 0x%08x it would end at 0x%08llx, "
			"past the ROM's limit 0x%08x (%u bytes free)\n", in, len, load,
			(unsigned long long)load + gp_size, SRAM_PUBLIC, SRAM_PUBLIC - load);
		return 1;
	}
	if (ch) {
		build_ch(hdr);
		hlen = CH_SIZE;
	}
	put_le32(hdr + hlen, gp_size);
	put_le32(hdr + hlen + 4, load);
	hlen += GP_SIZE;

	f = fopen(out, "wb");
	if (!f || fwrite(hdr, 1, hlen, f) != hlen || fwrite(img, 1, len, f) != len ||
	    fclose(f)) {
		fprintf(stderr, "mkmlo: %s: %s\n", out, strerror(errno));
		remove(out);
		return 1;
	}
	free(img);
	return 0;
}
