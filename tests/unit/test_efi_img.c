// SPDX-License-Identifier: GPL-2.0-or-later
/* lib/efi/efiimg: efi.img's header, as tools/mkefiimg.py writes it,
 * accepted; each field out of bounds, a flipped bit anywhere and another
 * SDRAM image refused, named. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lib/crc32.h"
#include "lib/efi/efiimg.h"
#include "lib/errno.h"

#define LOAD 0xC0100000u
#define MAX  0x40000u
#define ID   0x9dd0ff5eu

static uint8_t img[4096];

/* an image of n bytes with the header's CRC made as mkefiimg.py makes it */
static uint32_t make(uint32_t n, void (*edit)(struct efi_img_header *h))
{
	struct efi_img_header h = {
		.magic = EFI_IMG_MAGIC, .version = EFI_IMG_VERSION, .load = LOAD, .length = n,
		.end = LOAD + 0x8000, .entry = LOAD + 0x41, .sdram_id = ID,
	};

	for (uint32_t i = sizeof(h); i < n; i++)
		img[i] = (uint8_t)(i * 7);
	if (edit)
		edit(&h);
	h.crc = 0;
	memcpy(img, &h, sizeof(h));
	h.crc = crc32(0, img, n);
	memcpy(img, &h, sizeof(h));
	return n;
}

static int check(uint32_t n, const char **why)
{
	return efi_img_check(img, n, LOAD, MAX, ID, why);
}

static void test_good(void **state)
{
	const char *why = "x";

	assert_int_equal(check(make(1024, NULL), &why), 0);
	assert_null(why);
}

static void magic(struct efi_img_header *h) { h->magic ^= 1; }
static void version(struct efi_img_header *h) { h->version = 2; }
static void load(struct efi_img_header *h) { h->load = 0x80000000u; }
static void length(struct efi_img_header *h) { h->length = 1000; }
static void end_low(struct efi_img_header *h) { h->end = LOAD + 512; }
static void end_high(struct efi_img_header *h) { h->end = LOAD + MAX + 1; }
static void end_below(struct efi_img_header *h) { h->end = LOAD - 1; }
static void entry_out(struct efi_img_header *h) { h->entry = LOAD + 1024; }
static void entry_hdr(struct efi_img_header *h) { h->entry = LOAD + 4; }
static void entry_below(struct efi_img_header *h) { h->entry = LOAD - 0x100; }
static void other(struct efi_img_header *h) { h->sdram_id = ID ^ 0x100; }

static void test_bad_fields(void **state)
{
	void (*edits[])(struct efi_img_header *) = { magic, version, load, length, end_low,
		end_high, end_below, entry_out, entry_hdr, entry_below };
	const char *why;

	for (unsigned i = 0; i < sizeof(edits) / sizeof(edits[0]); i++) {
		why = NULL;
		assert_int_equal(check(make(1024, edits[i]), &why), -EBADMSG);
		assert_non_null(why);
	}
	why = NULL;
	assert_int_equal(check(make(1024, other), &why), -ENOTSUP);
	assert_string_equal(why, "built for another gtaboot");
	assert_int_equal(check(make(1024, NULL), &why), 0);
	assert_int_equal(check(16, &why), -EBADMSG);     /* shorter than a header */
}

static void test_every_bit(void **state)
{
	const char *why;
	uint32_t n = make(256, NULL);

	for (uint32_t bit = 0; bit < n * 8; bit++) {
		img[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		int err = check(n, &why);

		/* a flipped bit of sdram_id is a good image of another build
		 * only if the CRC matched, which it cannot */
		assert_int_equal(err, -EBADMSG);
		img[bit / 8] ^= (uint8_t)(1u << (bit % 8));
	}
	assert_int_equal(check(n, &why), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good),
		cmocka_unit_test(test_bad_fields),
		cmocka_unit_test(test_every_bit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
