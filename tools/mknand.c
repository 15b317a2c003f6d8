// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mknand: build a raw NAND image for the GTA04 / BeagleBoard x16 NAND the
 * way the OMAP3 boot ROM reads it (TRM chapter 26 "Initialization", NAND
 * boot; SPRUF98/SPRUGN4 "Memory Subsystem", GPMC Hamming ECC): pages of 2048 data + 64 OOB bytes,
 * 64 pages per block, the MLO file (GP-header image, and what follows the
 * part its header declares) in each of blocks 0-3,
 * 1-bit Hamming ECC of every 512-byte sector at OOB bytes 2-13, OOB bytes
 * 0-1 (the bad-block marker) 0xFF. Optional extra images (kernel, DTB) are
 * written at given offsets with the same ECC. Everything else is erased
 * (0xFF, OOB too). The image ends after the last written page unless
 * --full pads it to the whole chip; the simulator and most programmers
 * treat the rest as erased.
 *
 *   mknand --mlo MLO [--copies N] [--image FILE@OFFSET ...] [--chip-mb 512|256]
 *          [--full] OUT
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/sim/nand_ecc.h"

#define PAGE   2048u
#define OOB    64u
#define RAW    (PAGE + OOB)
#define PPB    64u
#define BLOCK  (PAGE * PPB)
#define MAX_IMAGES 8

struct image {
	const char *path;
	uint8_t *data;
	size_t len;
	uint64_t off;
};

static uint8_t *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *p = NULL;
	long n;

	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		goto fail;
	p = malloc((size_t)n + 1);
	if (!p || fread(p, 1, (size_t)n, f) != (size_t)n)
		goto fail;
	fclose(f);
	*len = (size_t)n;
	return p;
fail:
	fprintf(stderr, "mknand: %s: %s\n", path, strerror(errno ? errno : EIO));
	if (f)
		fclose(f);
	free(p);
	return NULL;
}

static uint32_t le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

/* One page of data (len <= PAGE, padded with 0xFF) with its ECC. */
static void make_page(uint8_t *raw, const uint8_t *data, size_t len)
{
	memset(raw, 0xFF, RAW);
	memcpy(raw, data, len);
	/* The simulator's engine (tools/sim/nand_ecc.c), not the firmware's
	 * lib/hamming.c: images written here then check the firmware's
	 * reading of the bit order too, as a programmer's would. */
	for (unsigned s = 0; s < PAGE / SIM_HAM_SECTOR; s++)
		sim_ham_to_oob(sim_ham_bytes(raw + s * SIM_HAM_SECTOR, SIM_HAM_SECTOR, true),
			       raw + PAGE + SIM_HAM_OOB_X16(s));
}

static int usage(void)
{
	fprintf(stderr, "usage: mknand --mlo MLO [--copies 1-4] [--image FILE@OFFSET ...]\n"
			"              [--chip-mb 512|256] [--full] OUT\n"
			"  MLO: a GP-header image (size, load address, code); a leading\n"
			"  512-byte configuration header is dropped. OFFSET: page aligned.\n");
	return 2;
}

int main(int argc, char **argv)
{
	struct image img[MAX_IMAGES + 4];
	int nimg = 0, copies = 4;
	const char *mlo = NULL, *out = NULL;
	unsigned chip_mb = 512;
	int full = 0;
	uint64_t chip, end = 0;
	uint8_t *mem, *ff;
	FILE *f;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--mlo") && i + 1 < argc) {
			mlo = argv[++i];
		} else if (!strcmp(a, "--copies") && i + 1 < argc) {
			copies = atoi(argv[++i]);
			if (copies < 1 || copies > 4)
				return usage();
		} else if (!strcmp(a, "--chip-mb") && i + 1 < argc) {
			chip_mb = (unsigned)atoi(argv[++i]);
			if (chip_mb != 256 && chip_mb != 512)
				return usage();
		} else if (!strcmp(a, "--full")) {
			full = 1;
		} else if (!strcmp(a, "--image") && i + 1 < argc) {
			char *at = strrchr(argv[++i], '@'), *e;

			if (!at || nimg >= MAX_IMAGES)
				return usage();
			*at = 0;
			/* data and len are filled from the file below */
			img[nimg] = (struct image){ .path = argv[i] };
			img[nimg].off = strtoull(at + 1, &e, 0);
			if (*e || img[nimg].off % PAGE) {
				fprintf(stderr, "mknand: %s: offset must be a multiple of %u\n",
					argv[i], PAGE);
				return 2;
			}
			nimg++;
		} else if (a[0] != '-' && !out) {
			out = a;
		} else {
			return usage();
		}
	}
	if (!mlo || !out)
		return usage();
	chip = (uint64_t)chip_mb << 20;

	/* the MLO copies first, one per block */
	{
		size_t len;
		uint8_t *p = slurp(mlo, &len);
		uint32_t size;

		if (!p)
			return 1;
		if (len >= 512 + 8 && !memcmp(p + 0x14, "CHSETTINGS", 10)) {
			memmove(p, p + 512, len - 512);
			len -= 512;
		}
		size = len >= 8 ? le32(p) : 0;
		if (len < 8 || !size || size > len - 8 || len > BLOCK) {
			fprintf(stderr, "mknand: %s: not a GP-header image that fits a %u KiB block\n",
				mlo, BLOCK >> 10);
			return 1;
		}
		/* The whole file: gtaboot's MLO declares only its early part
		 * in the GP header and reads the rest from the following pages
		 * (docs/design.md "Two images"). */
		for (int c = 0; c < copies; c++)
			img[nimg++] = (struct image){ mlo, p, len, (uint64_t)c * BLOCK };
	}
	for (int i = 0; i < nimg; i++) {
		if (!img[i].data && !(img[i].data = slurp(img[i].path, &img[i].len)))
			return 1;
		if (img[i].off + img[i].len > chip) {
			fprintf(stderr, "mknand: %s at 0x%llx does not fit the %u MiB chip\n",
				img[i].path, (unsigned long long)img[i].off, chip_mb);
			return 1;
		}
		for (int j = 0; j < i; j++) {
			uint64_t a0 = img[i].off, a1 = a0 + img[i].len;
			uint64_t b0 = img[j].off, b1 = b0 + img[j].len;

			if (a0 < (b1 + PAGE - 1) / PAGE * PAGE && b0 < (a1 + PAGE - 1) / PAGE * PAGE) {
				fprintf(stderr, "mknand: %s and %s overlap\n", img[i].path, img[j].path);
				return 1;
			}
		}
		if (img[i].off + img[i].len > end)
			end = img[i].off + img[i].len;
	}
	end = full ? chip : (end + PAGE - 1) / PAGE * PAGE;

	/* pages in memory up to the last one written, then the rest erased */
	mem = malloc((size_t)(end / PAGE) * RAW);
	ff = malloc(RAW);
	if (!mem || !ff)
		return 1;
	memset(mem, 0xFF, (size_t)(end / PAGE) * RAW);
	memset(ff, 0xFF, RAW);
	for (int i = 0; i < nimg; i++) {
		for (size_t done = 0; done < img[i].len; done += PAGE) {
			size_t n = img[i].len - done < PAGE ? img[i].len - done : PAGE;
			uint64_t page = (img[i].off + done) / PAGE;

			make_page(mem + page * RAW, img[i].data + done, n);
		}
	}
	f = fopen(out, "wb");
	if (!f || fwrite(mem, RAW, (size_t)(end / PAGE), f) != end / PAGE || fclose(f)) {
		fprintf(stderr, "mknand: %s: %s\n", out, strerror(errno));
		return 1;
	}
	/* The MLO copies share one buffer; the sanitizers' leak check runs
	 * at exit. */
	for (int i = 0; i < nimg; i++)
		if (img[i].data != img[nimg - 1].data)
			free(img[i].data);
	free(img[nimg - 1].data);
	free(mem);
	free(ff);
	return 0;
}
