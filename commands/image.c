// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * U-Boot's image commands on memory: iminfo (a legacy uImage's header,
 * checked), imxtract (a part of a multi-file or script uImage) and unzip
 * (a gzip file, lib/compress/gunzip). Their output is U-Boot's (cmd/bootm.c,
 * cmd/ximg.c, cmd/unzip.c), which scripts and labs read.
 */
#include "common/boot.h"
#include "common/cli.h"
#include "common/console.h"
#include "common/memcheck.h"
#include "common/sysinfo.h"
#include "common/environment.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/boot/image.h"
#include "lib/compress/inflate.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"

#define FDT_MAGIC    0xd00dfeedu

/* U-Boot's print_size(): "1.5 KiB", "12 Bytes". */
static void print_size(uint32_t n)
{
	static const char units[] = "GMK";
	unsigned d = 30;

	for (const char *u = units; *u; u++, d -= 10) {
		uint32_t whole = n >> d, frac;

		if (!whole)
			continue;
		frac = (uint32_t)((10ull * (n & ((1u << d) - 1)) + (1u << (d - 1))) >> d);
		if (frac >= 10) {
			frac -= 10;
			whole++;
		}
		printf("%u", (unsigned)whole);
		if (frac)
			printf(".%u", (unsigned)frac);
		printf(" %ciB\n", *u);
		return;
	}
	printf("%u Bytes\n", (unsigned)n);
}

static const char *name_of(uint8_t v, const uint8_t *ids, const char *const *names,
			   unsigned n, const char *unknown)
{
	for (unsigned i = 0; i < n; i++)
		if (ids[i] == v)
			return names[i];
	return unknown;
}

/* Unsigned division kept a libgcc call the early part already has:
 * inlined, GCC proves the values small and calls the signed one, which
 * would be linked into the ROM-loaded part. */
static __attribute__((noipa)) uint32_t udiv(uint32_t a, uint32_t b)
{
	return a / b;
}

/* "2023-01-05  12:34:56 UTC" from seconds since 1970. */
static void print_time(uint32_t t)
{
	static const uint8_t mdays[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	uint32_t days = udiv(t, 86400), secs = t - days * 86400, y = 1970, m = 0, n;
	bool leap;

	for (;; y++) {
		leap = !(y & 3) && y != 2100;
		if (days < 365u + leap)
			break;
		days -= 365 + leap;
	}
	for (;; m++) {
		n = mdays[m] + (m == 1 && leap);
		if (days < n)
			break;
		days -= n;
	}
	printf("%4u-%02u-%02u  %2u:%02u:%02u UTC\n", (unsigned)y, (unsigned)m + 1,
	       (unsigned)days + 1, (unsigned)udiv(secs, 3600), (unsigned)udiv(secs, 60) % 60,
	       (unsigned)(secs % 60));
}

void image_print_legacy(const uint8_t *h, uint32_t len)
{
	static const uint8_t os_id[] = { 5, 17 }, type_id[] = { 1, 2, 3, 4, 5, 6, 8 },
			     comp_id[] = { 0, 1, 2, 3, 4, 5, 6 };
	static const char *const os[] = { "Linux", "U-Boot" };
	static const char *const type[] = { "Standalone Program", "Kernel Image",
		"RAMDisk Image", "Multi-File Image", "Firmware", "Script", "Flat Device Tree" };
	static const char *const comp[] = { "uncompressed", "gzip compressed",
		"bzip2 compressed", "lzma compressed", "lzo compressed", "lz4 compressed",
		"zstd compressed" };
	struct uimage_header u;
	uint32_t off, size;

	if (image_uimage_header(h, &u))
		return;
	printf("   Image Name:   %s\n   Created:      ", u.name);
	print_time(u.time);
	printf("   Image Type:   %s %s %s (%s)\n   Data Size:    %u Bytes = ",
	       u.arch == 2 ? "ARM" : "Unknown Architecture",
	       name_of(u.os, os_id, os, 2, "Unknown OS"),
	       name_of(u.type, type_id, type, 7, "Unknown Image"),
	       name_of(u.comp, comp_id, comp, 7, "Unknown Compression"),
	       (unsigned)u.size);
	print_size(u.size);
	printf("   Load Address: %08x\n   Entry Point:  %08x\n", (unsigned)u.load,
	       (unsigned)u.entry);
	if (u.type != UIMAGE_TYPE_MULTI && u.type != UIMAGE_TYPE_SCRIPT)
		return;
	printf("   Contents:\n");
	for (unsigned i = 0; !image_multi_part(h, len, i, &off, &size); i++) {
		printf("      Image %u: %u Bytes = ", i, (unsigned)size);
		print_size(size);
		if (u.type == UIMAGE_TYPE_SCRIPT && i)
			printf("       Offset = 0x%08x\n", (unsigned)((uintptr_t)h + off));
	}
}

/* The legacy header at addr: magic and header CRC, the whole image in RAM.
 * Prints U-Boot's message and returns 1 when it is not one. */
static int legacy_header(char *const argv[], uint32_t addr, uint32_t *len)
{
	struct uimage_header u;

	if (image_uimage_header((const void *)(uintptr_t)addr, &u)) {
		pr_err("Bad Magic Number\n");
		return 1;
	}
	if (!u.hcrc_ok) {
		pr_err("Bad Header Checksum\n");
		return 1;
	}
	*len = UIMAGE_HEADER_SIZE + u.size;
	if (*len < UIMAGE_HEADER_SIZE || cmd_ram_check(argv, addr, *len, 1, false))
		return 1;
	return 0;
}

static int image_info(char *const argv[], uint32_t addr)
{
	const uint8_t *h = (const uint8_t *)(uintptr_t)addr;
	uint32_t len;

	printf("\n## Checking Image at %08x ...\n", (unsigned)addr);
	if (cmd_ram_check(argv, addr, UIMAGE_HEADER_SIZE, 4, false))
		return 1;
	if (get_be32(h) == FDT_MAGIC) {
		printf("   FIT image found\n");
		pr_err("error: iminfo: FIT images are not supported "
		       "(gtaboot reads legacy uImages)\n");
		return 1;
	}
	if (!image_is_uimage(h)) {
		pr_err("Unknown image format!\n");
		return 1;
	}
	printf("   Legacy image found\n");
	if (legacy_header(argv, addr, &len))
		return 1;
	image_print_legacy(h, len);
	printf("   Verifying Checksum ... ");
	if (!image_uimage_data_ok(h, len)) {
		pr_err("   Bad Data CRC\n");
		return 1;
	}
	printf("OK\n");
	return 0;
}

static int do_iminfo(int argc, char *const argv[])
{
	unsigned long addr;
	int ret = 0;

	if (argc < 2)
		return image_info(argv, var_addr("loadaddr", KERNEL_ADDR_R));
	for (int i = 1; i < argc; i++) {
		if (arg_hex(argv, i, "address", 0xFFFFFFFFul, &addr))
			return -EINVAL;
		ret |= image_info(argv, addr);
	}
	return ret;
}
CMD_REP(iminfo, "iminfo", do_iminfo, "iminfo [addr ...]",
	"print header information for application image (legacy uImage)");

/* imxtract addr part [dest]: part (hex) of a multi-file or script image;
 * fileaddr is the part in the image, filesize its length (U-Boot's). */
static int do_imxtract(int argc, char *const argv[])
{
	unsigned long addr = var_addr("loadaddr", KERNEL_ADDR_R), part = 0, dest = 0;
	uint32_t len, off, size;
	const char *verify;
	struct uimage_header u;
	const uint8_t *h;
	int err;

	if (argc > 4)
		return cmd_usage(argv);
	if ((argc > 1 && arg_hex(argv, 1, "address", 0xFFFFFFFFul, &addr)) ||
	    (argc > 2 && arg_hex(argv, 2, "part", 0xFFFF, &part)) ||
	    (argc > 3 && arg_hex(argv, 3, "destination", 0xFFFFFFFFul, &dest)) ||
	    cmd_ram_check(argv, addr, UIMAGE_HEADER_SIZE, 4, false))
		return -EINVAL;
	h = (const uint8_t *)(uintptr_t)addr;
	if (get_be32(h) == FDT_MAGIC)
		return cmd_error(argv, "FIT images are not supported (legacy uImages only)");
	printf("## Copying part %lu from legacy image at %08lx ...\n", part, addr);
	if (legacy_header(argv, addr, &len) || image_uimage_header(h, &u))
		return 1;
	if (u.type != UIMAGE_TYPE_MULTI && u.type != UIMAGE_TYPE_SCRIPT) {
		pr_err("Wrong Image Type for %s command\n", argv[0]);
		return 1;
	}
	if (u.comp && argc < 4) {
		printf("Must specify load address for %s command with compressed image\n",
		       argv[0]);
		return 1;
	}
	if (u.comp > 1) {
		printf("Unimplemented compression type %u\n", u.comp);
		return 1;
	}
	verify = var_get("verify");
	/* U-Boot's env_get_yesno(): only n, N, f, F, 0 say no */
	if (!verify || !strchr("nNfF0", verify[0])) {
		printf("   Verifying Checksum ... ");
		if (!image_uimage_data_ok(h, len)) {
			pr_err("Bad Data CRC\n");
			return 1;
		}
		printf("OK\n");
	}
	err = image_multi_part(h, len, (unsigned)part, &off, &size);
	if (err) {
		pr_err(err == -ENOENT ? "Bad Image Part\n" : "Bad Image Part (its length table "
		       "runs past the image)\n");
		return 1;
	}
	if (argc > 3) {
		if (!u.comp) {
			printf("   Loading part %lu ... ", part);
			if (cmd_ram_check(argv, dest, size, 1, true))
				return 1;
			memmove((void *)dest, h + off, size);
		} else {
			const char *why;
			size_t out;

			printf("   Uncompressing part %lu ... ", part);
			if (mem_check_free(argv[0], dest, 1) ||
			    gunzip((void *)dest, cmd_free_end(dest) - dest, h + off, size, &out, &why)) {
				pr_err("GUNZIP ERROR - image not loaded\n");
				return 1;
			}
			size = (uint32_t)out;
		}
		printf("OK\n");
	}
	var_set_hex("fileaddr", (uint32_t)(uintptr_t)(h + off));
	var_set_hex("filesize", size);
	return 0;
}
CMD_REP(imxtract, "imxtract", do_imxtract, "imxtract addr part [dest]",
	"extract a part of a multi-image (legacy uImage; FIT is not supported)");

/* unzip src dst [len]: the gzip file at src into free RAM at dst. */
static int do_unzip(int argc, char *const argv[])
{
	unsigned long src, dst, max;
	const char *why;
	size_t out;
	int err;

	if (argc < 3 || argc > 4)
		return cmd_usage(argv);
	if (arg_hex(argv, 1, "source address", 0xFFFFFFFFul, &src) ||
	    arg_hex(argv, 2, "destination address", 0xFFFFFFFFul, &dst) ||
	    cmd_ram_check(argv, src, 10, 1, false) ||
	    mem_check_free(argv[0], dst, 1))
		return -EINVAL;
	max = cmd_free_end(dst) - dst;
	if (argc > 3 && (arg_hex(argv, 3, "size", max, &max) ||
			 cmd_ram_check(argv, dst, max, 1, true)))
		return -EINVAL;
	err = gunzip((void *)dst, max, (const void *)src, cmd_ram_end(src) - src, &out, &why);
	if (err == -EINVAL) {
		pr_err("Error: Bad gzipped data\n");
		return 1;
	}
	if (err) {
		pr_err("Error: inflate() returned %d\nerror: unzip: %s\n", err == -ENOSPC ? -5 : -3,
		       why);
		return 1;
	}
	printf("Uncompressed size: %lu = 0x%lX\n", (unsigned long)out, (unsigned long)out);
	var_set_hex("filesize", (uint32_t)out);
	return 0;
}
CMD_REP(unzip, "unzip", do_unzip, "unzip <srcaddr> <dstaddr> [dstsize]",
	"unzip a memory region (gzip) into free RAM");
