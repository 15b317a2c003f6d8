// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/boot/image: zImage headers built here, uImage and uInitrd
 * files made by U-Boot's mkimage, and every way of being wrong: bad magic,
 * bad header and data CRCs, truncation, wrong arch/type/compression. */
#pragma GCC diagnostic ignored "-Wformat-truncation"
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <libfdt.h>

#include "tests/unit/helpers.h"
#include "lib/crc32.h"
#include "lib/errno.h"
#include "lib/boot/image.h"

static void put_le32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void put_be32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (24 - 8 * i));
}

/* A zImage-shaped file: the real header words, random code. */
static uint8_t *fake_zimage(size_t len)
{
	uint8_t *z = malloc(len);

	for (size_t i = 0; i < len; i++)
		z[i] = (uint8_t)(i * 7 + 3);
	put_le32(z + 0x24, 0x016f2818);
	put_le32(z + 0x28, 0);
	put_le32(z + 0x2c, (uint32_t)len);
	put_le32(z + 0x30, 0x04030201);
	return z;
}

static void test_zimage(void **state)
{
	struct image_info info;
	const char *why = NULL;
	uint8_t *z = fake_zimage(100000);

	assert_int_equal(image_check_kernel(z, 100000, true, &info, &why), 0);
	assert_int_equal(info.kind, IMAGE_ZIMAGE);
	assert_int_equal(info.size, 100000);
	assert_int_equal(info.offset, 0);
	/* An appended DTB after the zImage is fine. */
	assert_int_equal(image_check_kernel(z, 100000, true, &info, &why), 0);
	put_le32(z + 0x2c, 90000);
	assert_int_equal(image_check_kernel(z, 100000, true, &info, &why), 0);
	assert_int_equal(info.size, 90000);
	/* Truncated: the header says more than the file has. */
	put_le32(z + 0x2c, 100001);
	assert_int_equal(image_check_kernel(z, 100000, true, &info, &why), -EBADMSG);
	assert_non_null(strstr(why, "truncated"));
	/* Nonsense start/end. */
	put_le32(z + 0x28, 5000);
	put_le32(z + 0x2c, 4000);
	assert_int_equal(image_check_kernel(z, 100000, true, &info, &why), -EBADMSG);
	put_le32(z + 0x28, 0);
	put_le32(z + 0x2c, 100000);
	/* Bad magic, big-endian magic, too short to tell. */
	z[0x24] ^= 1;
	assert_int_equal(image_check_kernel(z, 100000, true, &info, &why), -EINVAL);
	assert_non_null(strstr(why, "magic"));
	put_be32(z + 0x24, 0x016f2818);
	assert_int_equal(image_check_kernel(z, 100000, true, &info, &why), -ENOTSUP);
	assert_non_null(strstr(why, "big-endian"));
	assert_int_equal(image_check_kernel(z, 0x2f, true, &info, &why), -EINVAL);
	assert_int_equal(image_check_kernel(z, 0, true, &info, NULL), -EINVAL);
	free(z);
}

struct mk {
	uint8_t *data;
	size_t len;
};

static struct mk mkimage(const char *args, size_t payload)
{
	const char *dir = scratch_dir("image");
	char in[PATH_MAX + 64], out[PATH_MAX + 64];
	uint8_t *z = fake_zimage(payload);
	struct mk m;

	snprintf(in, sizeof(in), "%s/payload", dir);
	snprintf(out, sizeof(out), "%s/out.img", dir);
	assert_int_equal(spew(in, z, payload), 0);
	free(z);
	assert_int_equal(sh("mkimage %s -d '%s' '%s' >/dev/null", args, in, out), 0);
	m.data = slurp(out, &m.len);
	assert_non_null(m.data);
	return m;
}

static void test_uimage_kernel(void **state)
{
	struct mk m = mkimage("-A arm -O linux -T kernel -C none -a 0x80008000 -e 0x80008040 "
			      "-n 'Linux-6.1.0-gta04'", 123457);
	struct image_info info;
	const char *why = NULL;

	assert_int_equal(m.len, 123457 + 64);
	assert_int_equal(image_check_kernel(m.data, m.len, true, &info, &why), 0);
	assert_int_equal(info.kind, IMAGE_UIMAGE);
	assert_int_equal(info.offset, 64);
	assert_int_equal(info.size, 123457);
	assert_int_equal(info.load, 0x80008000);
	assert_int_equal(info.entry, 0x80008040);
	assert_int_equal(info.type, UIMAGE_TYPE_KERNEL);
	assert_string_equal(info.name, "Linux-6.1.0-gta04");

	/* Data CRC: a flipped payload byte is caught only when asked for. */
	m.data[64 + 5000] ^= 0x40;
	assert_int_equal(image_check_kernel(m.data, m.len, false, &info, &why), 0);
	assert_int_equal(image_check_kernel(m.data, m.len, true, &info, &why), -EBADMSG);
	assert_string_equal(why, "uImage data CRC mismatch");
	m.data[64 + 5000] ^= 0x40;
	/* Header CRC: any header byte. */
	for (int i = 0; i < 64; i++) {
		m.data[i] ^= 0x01;
		int ret = image_check_kernel(m.data, m.len, false, &info, &why);

		if (i < 4)
			assert_true(ret == -EINVAL || ret == -EBADMSG);
		else
			assert_int_equal(ret, -EBADMSG);
		m.data[i] ^= 0x01;
	}
	/* Truncated: data and header. */
	assert_int_equal(image_check_kernel(m.data, m.len - 1, false, &info, &why), -EBADMSG);
	assert_non_null(strstr(why, "truncated"));
	assert_int_equal(image_check_kernel(m.data, 63, false, &info, &why), -EBADMSG);
	assert_int_equal(image_check_kernel(m.data, 4, false, &info, &why), -EBADMSG);
	/* A kernel is not an initrd. */
	assert_int_equal(image_check_initrd(m.data, m.len, true, &info, &why), -ENOTSUP);
	assert_string_equal(why, "uImage is not a ramdisk");
	free(m.data);
}

/* The header as iminfo and nboot read it, from a file mkimage made. */
static void test_uimage_header_fields(void **state)
{
	struct mk m = mkimage("-A arm -O linux -T multi -C gzip -a 0x80008000 -e 0x80008040 "
			      "-n 'fields'", 4000);
	struct uimage_header h;

	assert_true(image_is_uimage(m.data));
	assert_int_equal(image_uimage_data_size(m.data), m.len - 64);
	assert_int_equal(image_uimage_header(m.data, &h), 0);
	assert_true(h.hcrc_ok);
	assert_int_equal(h.size, m.len - 64);
	assert_int_equal(h.load, 0x80008000);
	assert_int_equal(h.entry, 0x80008040);
	assert_int_equal(h.arch, 2);
	assert_int_equal(h.os, 5);
	assert_int_equal(h.type, UIMAGE_TYPE_MULTI);
	assert_int_equal(h.comp, 1);
	assert_string_equal(h.name, "fields");
	assert_true(image_uimage_data_ok(m.data, (uint32_t)m.len));
	m.data[70] ^= 1;
	assert_false(image_uimage_data_ok(m.data, (uint32_t)m.len));
	assert_false(image_uimage_data_ok(m.data, 63));
	m.data[70] ^= 1;
	/* a header byte flipped: parsed, its CRC reported bad */
	m.data[40] ^= 1;
	assert_int_equal(image_uimage_header(m.data, &h), 0);
	assert_false(h.hcrc_ok);
	/* the magic: refused, the size still read as stored */
	m.data[0] ^= 1;
	assert_false(image_is_uimage(m.data));
	assert_int_equal(image_uimage_header(m.data, &h), -EBADMSG);
	assert_int_equal(image_uimage_data_size(m.data), m.len - 64);
	free(m.data);
}

static void test_uimage_refused(void **state)
{
	struct image_info info;
	const char *why;
	struct mk m;

	m = mkimage("-A arm64 -O linux -T kernel -C none -a 0 -e 0 -n x", 1000);
	assert_int_equal(image_check_kernel(m.data, m.len, true, &info, &why), -ENOTSUP);
	assert_non_null(strstr(why, "ARM"));
	free(m.data);
	m = mkimage("-A arm -O linux -T kernel -C gzip -a 0 -e 0 -n x", 1000);
	assert_int_equal(image_check_kernel(m.data, m.len, true, &info, &why), -ENOTSUP);
	assert_non_null(strstr(why, "compressed"));
	free(m.data);
	m = mkimage("-A arm -O linux -T script -C none -a 0 -e 0 -n x", 1000);
	assert_int_equal(image_check_kernel(m.data, m.len, true, &info, &why), -ENOTSUP);
	assert_string_equal(why, "uImage is not a kernel");
	free(m.data);
}

/* A name with a control character, with the header CRC made right. */
static void test_uimage_name(void **state)
{
	struct mk m = mkimage("-A arm -O linux -T kernel -C none -a 0 -e 0 "
			      "-n 0123456789abcdef0123456789abcdef", 100);
	struct image_info info;
	const char *why;
	uint8_t hdr[64];

	/* A full 32-byte name has no NUL and is still read correctly. */
	assert_int_equal(image_check_kernel(m.data, m.len, true, &info, &why), 0);
	assert_string_equal(info.name, "0123456789abcdef0123456789abcdef");
	m.data[40] = '\n';
	memcpy(hdr, m.data, 64);
	memset(hdr + 4, 0, 4);
	put_be32(m.data + 4, crc32(0, hdr, 64));
	assert_int_equal(image_check_kernel(m.data, m.len, true, &info, &why), -EBADMSG);
	assert_string_equal(why, "uImage name not printable");
	free(m.data);
}

static void test_initrd(void **state)
{
	struct mk m = mkimage("-A arm -O linux -T ramdisk -C none -a 0 -e 0 -n initramfs",
			      54321);
	struct image_info info;
	const char *why;
	uint8_t raw[100] = { 0x1f, 0x8b };

	assert_int_equal(image_check_initrd(m.data, m.len, true, &info, &why), 0);
	assert_int_equal(info.kind, IMAGE_UIMAGE);
	assert_int_equal(info.type, UIMAGE_TYPE_RAMDISK);
	assert_int_equal(info.offset, 64);
	assert_int_equal(info.size, 54321);
	m.data[m.len - 1] ^= 0xff;
	assert_int_equal(image_check_initrd(m.data, m.len, true, &info, &why), -EBADMSG);
	/* A uInitrd is not a kernel. */
	m.data[m.len - 1] ^= 0xff;
	assert_int_equal(image_check_kernel(m.data, m.len, true, &info, &why), -ENOTSUP);
	free(m.data);
	/* Raw (a gzip'd cpio, say) is used as it is. */
	assert_int_equal(image_check_initrd(raw, sizeof(raw), true, &info, &why), 0);
	assert_int_equal(info.kind, IMAGE_RAW);
	assert_int_equal(info.offset, 0);
	assert_int_equal(info.size, 100);
	assert_int_equal(image_check_initrd(raw, 0, true, &info, &why), -EINVAL);
}

/* A script image from mkimage; two files when second is given (the
 * source command takes the first). */
static struct mk mkscript(const char *text, const char *second)
{
	const char *dir = scratch_dir("image");
	char in[PATH_MAX + 64], in2[PATH_MAX + 64], out[PATH_MAX + 64];
	struct mk m;

	snprintf(in, sizeof(in), "%s/script.txt", dir);
	snprintf(in2, sizeof(in2), "%s/second.txt", dir);
	snprintf(out, sizeof(out), "%s/boot.scr", dir);
	assert_int_equal(spew(in, text, strlen(text)), 0);
	if (second)
		assert_int_equal(spew(in2, second, strlen(second)), 0);
	assert_int_equal(sh("mkimage -A arm -O linux -T script -C none -a 0 -e 0 -n 'boot script' "
			    "-d '%s%s%s' '%s' >/dev/null", in, second ? ":" : "",
			    second ? in2 : "", out), 0);
	m.data = slurp(out, &m.len);
	assert_non_null(m.data);
	return m;
}

static void test_script(void **state)
{
	const char *text = "setenv bootargs console=ttyS2,115200n8\nload mmc 0:2 ${kernel_addr_r} "
			   "/boot/vmlinuz\n";
	struct mk m = mkscript(text, NULL);
	struct image_info info;
	const char *why = NULL;

	assert_int_equal(image_check_script(m.data, m.len, &info, &why), 0);
	assert_int_equal(info.size, strlen(text));
	assert_int_equal(info.offset, 64 + 8);
	assert_memory_equal(m.data + info.offset, text, info.size);
	/* Each fault by name. */
	m.data[m.len - 1] ^= 1;
	assert_int_equal(image_check_script(m.data, m.len, &info, &why), -EBADMSG);
	assert_string_equal(why, "bad data CRC");
	m.data[m.len - 1] ^= 1;
	m.data[40] ^= 1;
	assert_int_equal(image_check_script(m.data, m.len, &info, &why), -EBADMSG);
	assert_string_equal(why, "bad header CRC");
	m.data[40] ^= 1;
	assert_int_equal(image_check_script(m.data, m.len - 1, &info, &why), -EBADMSG);
	assert_non_null(strstr(why, "truncated"));
	assert_int_equal(image_check_script(m.data, 63, &info, &why), -EBADMSG);
	assert_non_null(strstr(why, "truncated"));
	m.data[0] ^= 1;
	assert_int_equal(image_check_script(m.data, m.len, &info, &why), -EINVAL);
	assert_non_null(strstr(why, "bad magic"));
	assert_int_equal(image_check_script(text, strlen(text), &info, &why), -EINVAL);
	free(m.data);
	/* A kernel is not a script. */
	m = mkimage("-A arm -O linux -T kernel -C none -a 0 -e 0 -n x", 1000);
	assert_int_equal(image_check_script(m.data, m.len, &info, &why), -ENOTSUP);
	assert_string_equal(why, "not a script image");
	free(m.data);
	/* Two files: the first is the script. */
	m = mkscript("echo one\n", "echo second file\n");
	assert_int_equal(image_check_script(m.data, m.len, &info, &why), 0);
	assert_int_equal(info.offset, 64 + 12);
	assert_int_equal(info.size, 9);
	assert_memory_equal(m.data + info.offset, "echo one\n", 9);
	free(m.data);
}

/* A length table whose first length runs past the data, with both CRCs
 * right: refused as truncated, never read beyond the buffer. */
static void test_script_bad_table(void **state)
{
	uint8_t img[64 + 12];
	struct image_info info;
	const char *why = NULL;

	memset(img, 0, sizeof(img));
	put_be32(img, 0x27051956);
	put_be32(img + 12, 12);
	img[29] = 2;
	img[30] = 6;
	put_be32(img + 64, 100);        /* says 100 bytes, has 4 */
	put_be32(img + 24, crc32(0, img + 64, 12));
	put_be32(img + 4, crc32(0, img, 64));
	assert_int_equal(image_check_script(img, sizeof(img), &info, &why), -EBADMSG);
	assert_non_null(strstr(why, "truncated"));
	/* No terminating zero word. */
	put_be32(img + 64, 1);
	put_be32(img + 68, 1);
	put_be32(img + 72, 1);
	put_be32(img + 24, crc32(0, img + 64, 12));
	memset(img + 4, 0, 4);
	put_be32(img + 4, crc32(0, img, 64));
	assert_int_equal(image_check_script(img, sizeof(img), &info, &why), -EBADMSG);
	assert_non_null(strstr(why, "length table"));
}

/* image_identify: the NAND kernel partition's scan sees only a page. */
static void test_identify(void **state)
{
	uint8_t h[2048] = { 0 };
	uint32_t total = 0;
	uint8_t *z = fake_zimage(4096);

	(void)state;
	assert_int_equal(image_identify(h, sizeof(h), &total), IMAGE_RAW);
	memcpy(h, z, sizeof(h));
	assert_int_equal(image_identify(h, sizeof(h), &total), IMAGE_ZIMAGE);
	assert_int_equal(total, 4096);
	assert_int_equal(image_identify(h, 0x2f, &total), IMAGE_RAW);
	put_le32(h + 0x2c, 0);                  /* end before start */
	assert_int_equal(image_identify(h, sizeof(h), &total), IMAGE_RAW);
	memset(h, 0, sizeof(h));
	put_be32(h, 0x27051956);
	put_be32(h + 12, 1000);
	assert_int_equal(image_identify(h, sizeof(h), &total), IMAGE_UIMAGE);
	assert_int_equal(total, 1064);
	put_be32(h + 12, 0);                    /* no data */
	assert_int_equal(image_identify(h, sizeof(h), &total), IMAGE_RAW);
	memset(h, 0, sizeof(h));
	assert_int_equal(fdt_create_empty_tree(h, 512), 0);
	assert_int_equal(image_identify(h, sizeof(h), &total), IMAGE_FDT);
	assert_int_equal(total, 512);
	assert_int_equal(image_identify(h, 39, &total), IMAGE_RAW);
	put_be32(h + 20, 1);                    /* version 1: libfdt refuses it */
	assert_int_equal(image_identify(h, sizeof(h), &total), IMAGE_RAW);
	free(z);
}

/* Multi-file images from mkimage -T multi: each part where mkimage put
 * it, the end of the list, and tables that run off the data. */
static void test_multi(void **state)
{
	const char *dir = scratch_dir("image");
	char a[PATH_MAX + 64], b[PATH_MAX + 64], out[PATH_MAX + 64];
	uint32_t off = 0, size = 0;
	struct mk m;

	snprintf(a, sizeof(a), "%s/a", dir);
	snprintf(b, sizeof(b), "%s/b", dir);
	snprintf(out, sizeof(out), "%s/multi.img", dir);
	assert_int_equal(spew(a, "12345", 5), 0);
	assert_int_equal(spew(b, "abcdefgh", 8), 0);
	assert_int_equal(sh("mkimage -A arm -O linux -T multi -C none -a 0 -e 0 -n m "
			    "-d '%s:%s:%s' '%s' >/dev/null", a, b, a, out), 0);
	m.data = slurp(out, &m.len);
	assert_int_equal(image_multi_part(m.data, m.len, 0, &off, &size), 0);
	assert_int_equal(off, 64 + 16);
	assert_int_equal(size, 5);
	assert_memory_equal(m.data + off, "12345", 5);
	assert_int_equal(image_multi_part(m.data, m.len, 1, &off, &size), 0);
	assert_int_equal(off, 64 + 16 + 8);
	assert_memory_equal(m.data + off, "abcdefgh", 8);
	assert_int_equal(image_multi_part(m.data, m.len, 2, &off, &size), 0);
	assert_memory_equal(m.data + off, "12345", 5);
	assert_int_equal(image_multi_part(m.data, m.len, 3, &off, &size), -ENOENT);
	assert_int_equal(image_multi_part(m.data, m.len - 1, 0, &off, &size), -EBADMSG);
	put_be32(m.data + 64 + 4, 0x7ffffff0);     /* part 1 runs past the data */
	assert_int_equal(image_multi_part(m.data, m.len, 0, &off, &size), 0);
	assert_int_equal(image_multi_part(m.data, m.len, 1, &off, &size), -EBADMSG);
	assert_int_equal(image_multi_part(m.data, m.len, 2, &off, &size), -EBADMSG);
	memset(m.data + 64, 1, m.len - 64);        /* no end of the table */
	assert_int_equal(image_multi_part(m.data, m.len, 0, &off, &size), -EBADMSG);
	free(m.data);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_zimage),
		cmocka_unit_test(test_uimage_kernel),
		cmocka_unit_test(test_uimage_header_fields),
		cmocka_unit_test(test_uimage_refused),
		cmocka_unit_test(test_uimage_name),
		cmocka_unit_test(test_initrd),
		cmocka_unit_test(test_script),
		cmocka_unit_test(test_script_bad_table),
		cmocka_unit_test(test_identify),
		cmocka_unit_test(test_multi),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
