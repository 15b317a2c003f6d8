// SPDX-License-Identifier: GPL-2.0-or-later
/* lib/efi/loadopt: a Boot#### load option as efibootmgr makes them
 * (HD(1,GPT,...)/\EFI\debian\grubarm.efi, then a second device path and
 * optional data; bytes made with Python from UEFI 2.10's layout), every
 * length made wrong, and the file path's UTF-16 to UTF-8. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lib/efi/loadopt.h"
#include "lib/errno.h"

/* attributes 1, "debian", HD(1,GPT,6c5e8a0f-...,0x800,0x100000),
 * File(\EFI\debian\grubarm.efi), End; VenMedia(00010203-...), End;
 * optional data "quiet" in UTF-16 without a NUL. */
static const uint8_t boot0001[152] = {
	0x01, 0x00, 0x00, 0x00, 0x7a, 0x00, 0x64, 0x00, 0x65, 0x00, 0x62, 0x00, 0x69, 0x00,
	0x61, 0x00, 0x6e, 0x00, 0x00, 0x00, 0x04, 0x01, 0x2a, 0x00, 0x01, 0x00, 0x00, 0x00,
	0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x0f, 0x8a, 0x5e, 0x6c, 0x1d, 0x2b, 0x4a, 0x4c, 0x8e, 0x9f, 0xa1, 0xb2,
	0xc3, 0xd4, 0xe5, 0xf6, 0x02, 0x02, 0x04, 0x04, 0x34, 0x00, 0x5c, 0x00, 0x45, 0x00,
	0x46, 0x00, 0x49, 0x00, 0x5c, 0x00, 0x64, 0x00, 0x65, 0x00, 0x62, 0x00, 0x69, 0x00,
	0x61, 0x00, 0x6e, 0x00, 0x5c, 0x00, 0x67, 0x00, 0x72, 0x00, 0x75, 0x00, 0x62, 0x00,
	0x61, 0x00, 0x72, 0x00, 0x6d, 0x00, 0x2e, 0x00, 0x65, 0x00, 0x66, 0x00, 0x69, 0x00,
	0x00, 0x00, 0x7f, 0xff, 0x04, 0x00, 0x04, 0x03, 0x14, 0x00, 0x00, 0x01, 0x02, 0x03,
	0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x7f, 0xff,
	0x04, 0x00, 0x71, 0x00, 0x75, 0x00, 0x69, 0x00, 0x65, 0x00, 0x74, 0x00,
};

static void test_good(void **state)
{
	struct efi_load_option lo;
	struct efi_dp_node n;
	struct efi_dp_hd hd;
	const char *why = "";
	char path[64];
	uint32_t pos = 0;
	int nodes = 0;

	assert_int_equal(efi_load_option_parse(boot0001, sizeof(boot0001), &lo, &why), 0);
	assert_int_equal(lo.attributes, EFI_LOAD_OPTION_ACTIVE);
	assert_int_equal(lo.desc_units, 7);
	assert_memory_equal(lo.desc, u"debian", 14);
	assert_ptr_equal(lo.paths, boot0001 + 20);
	assert_int_equal(lo.paths_len, 122);
	assert_int_equal(lo.optional_len, 10);
	assert_memory_equal(lo.optional, u"quiet", 10);

	/* HD, File, End, VenMedia, End. */
	while (!efi_dp_next(lo.paths, lo.paths_len, &pos, &n))
		nodes++;
	assert_int_equal(nodes, 5);
	assert_int_equal(pos, 122);
	assert_int_equal(n.type, EFI_DP_TYPE_END);

	assert_int_equal(efi_dp_boot_file(lo.paths, lo.paths_len, &hd, path, sizeof(path), &why), 0);
	assert_string_equal(path, "/EFI/debian/grubarm.efi");
	assert_int_equal(hd.part, 1);
	assert_int_equal(hd.start, 0x800);
	assert_int_equal(hd.size, 0x100000);
	assert_int_equal(hd.format, 2);
	assert_int_equal(hd.sig_type, 2);
	assert_int_equal(hd.signature[0], 0x0f);
	assert_int_equal(hd.signature[15], 0xf6);
	/* One byte short of the path and its NUL. */
	assert_int_equal(efi_dp_boot_file(lo.paths, lo.paths_len, &hd, path, 23, &why),
			 -ENAMETOOLONG);
	assert_int_equal(efi_dp_boot_file(lo.paths, lo.paths_len, &hd, path, 24, &why), 0);
}

static void test_bad_option(void **state)
{
	static const struct {
		const char *what;
		size_t at;
		uint8_t val;
		size_t len;     /* 0: the whole option */
		const char *why;
	} bad[] = {
		{ "short", 0, 1, 5, "shorter than its header" },
		{ "description cut", 0, 1, 18, "description without its NUL" },
		{ "paths past the end", 4, 200, 0, "device paths past its end" },
		{ "paths high byte", 5, 1, 0, "device paths past its end" },
		{ "no paths", 4, 0, 0, "without a device path" },
		{ "node of 2 bytes", 22, 2, 0, "shorter than 4 bytes" },
		{ "node of 0 bytes", 22, 0, 0, "shorter than 4 bytes" },
		{ "node past the list", 22, 200, 0, "node past the list" },
		{ "node header cut", 4, 120, 0, "header past the list" },
		{ "no End Entire", 139, 0x01, 0, "without its End Entire" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		uint8_t b[sizeof(boot0001)];
		struct efi_load_option lo;
		const char *why = "";
		int err;

		memcpy(b, boot0001, sizeof(b));
		b[bad[i].at] = bad[i].val;
		err = efi_load_option_parse(b, bad[i].len ? bad[i].len : sizeof(b), &lo, &why);
		if (err != -EBADMSG || !strstr(why, bad[i].why))
			fail_msg("%s: got %d \"%s\", want \"%s\"", bad[i].what, err, why, bad[i].why);
	}

	/* A description that never ends within the bound. */
	uint8_t *big = calloc(6 + 2 * EFI_DESC_MAX + 8, 1);
	struct efi_load_option lo;
	const char *why = "";

	for (int i = 0; i < EFI_DESC_MAX; i++)
		big[6 + 2 * i] = 'x';
	assert_int_equal(efi_load_option_parse(big, 6 + 2 * EFI_DESC_MAX + 8, &lo, &why), -EBADMSG);
	assert_non_null(strstr(why, "description too long"));
	free(big);

	/* Every prefix refused, none read past (ASan). */
	for (size_t n = 0; n < 142; n++) {
		uint8_t *cut = malloc(n ? n : 1);

		memcpy(cut, boot0001, n);
		assert_int_equal(efi_load_option_parse(cut, n, &lo, &why), -EBADMSG);
		free(cut);
	}
}

/* A device path from nodes given as (type, subtype, data, length). */
static size_t node(uint8_t *b, size_t at, uint8_t t, uint8_t st, const void *d, size_t dlen)
{
	b[at] = t;
	b[at + 1] = st;
	b[at + 2] = (uint8_t)(dlen + 4);
	b[at + 3] = (uint8_t)((dlen + 4) >> 8);
	memcpy(b + at + 4, d, dlen);
	return at + 4 + dlen;
}

static int boot_file(const uint8_t *dp, size_t len, char *path, size_t cap, const char **why)
{
	struct efi_dp_hd hd;

	return efi_dp_boot_file(dp, (uint32_t)len, &hd, path, cap, why);
}

static void test_file_paths(void **state)
{
	uint8_t dp[256], hd[38] = { 0 };
	const char *why = "";
	char path[64];
	size_t at;

	/* Two File Path nodes joined; Messaging nodes before them skipped;
	 * non-ASCII as UTF-8, a surrogate pair as one 4-byte character. */
	at = node(dp, 0, EFI_DP_TYPE_MESSAGING, 0x1a, "\1\0\0\0", 4);
	at = node(dp, at, EFI_DP_TYPE_MEDIA, EFI_DP_MEDIA_FILE_PATH, u"\\EFI", 10);
	at = node(dp, at, EFI_DP_TYPE_MEDIA, EFI_DP_MEDIA_FILE_PATH, u"d\u00e9bian\\x.efi", 26);
	at = node(dp, at, EFI_DP_TYPE_MEDIA, EFI_DP_MEDIA_FILE_PATH, u"\U0001F600", 6);
	at = node(dp, at, EFI_DP_TYPE_END, EFI_DP_END_ENTIRE, "", 0);
	assert_int_equal(boot_file(dp, at, path, sizeof(path), &why), 0);
	assert_string_equal(path, "/EFI/d\xc3\xa9" "bian/x.efi/\xf0\x9f\x98\x80");

	/* Only the first device path counts. */
	at = node(dp, 0, EFI_DP_TYPE_END, EFI_DP_END_ENTIRE, "", 0);
	at = node(dp, at, EFI_DP_TYPE_MEDIA, EFI_DP_MEDIA_FILE_PATH, u"a", 4);
	assert_int_equal(boot_file(dp, at, path, sizeof(path), &why), -ENOENT);
	assert_non_null(strstr(why, "without a file path"));

	at = node(dp, 0, EFI_DP_TYPE_MEDIA, EFI_DP_MEDIA_FILE_PATH, u"\xdc00", 4);
	assert_int_equal(boot_file(dp, at, path, sizeof(path), &why), -EILSEQ);
	at = node(dp, 0, EFI_DP_TYPE_MEDIA, EFI_DP_MEDIA_FILE_PATH, u"\xd800", 4);
	assert_int_equal(boot_file(dp, at, path, sizeof(path), &why), -EILSEQ);
	assert_non_null(strstr(why, "surrogate"));
	at = node(dp, 0, EFI_DP_TYPE_MEDIA, EFI_DP_MEDIA_FILE_PATH, "a\0b", 3);
	assert_int_equal(boot_file(dp, at, path, sizeof(path), &why), -EBADMSG);
	assert_non_null(strstr(why, "odd length"));
	at = node(dp, 0, EFI_DP_TYPE_MEDIA, EFI_DP_MEDIA_FILE_PATH, u"ab", 4);
	assert_int_equal(boot_file(dp, at, path, sizeof(path), &why), -EBADMSG);
	assert_non_null(strstr(why, "without its NUL"));
	at = node(dp, 0, EFI_DP_TYPE_MEDIA, EFI_DP_MEDIA_HARD_DRIVE, hd, 36);
	assert_int_equal(boot_file(dp, at, path, sizeof(path), &why), -EBADMSG);
	assert_non_null(strstr(why, "42 bytes"));
	at = node(dp, 0, EFI_DP_TYPE_MEDIA, EFI_DP_MEDIA_HARD_DRIVE, hd, 38);
	assert_int_equal(boot_file(dp, at, path, sizeof(path), &why), -EBADMSG);
	assert_non_null(strstr(why, "partition 0"));
	assert_int_equal(boot_file(dp, at, path, 0, &why), -ENAMETOOLONG);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good),
		cmocka_unit_test(test_bad_option),
		cmocka_unit_test(test_file_paths),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
