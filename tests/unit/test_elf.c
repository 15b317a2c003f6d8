// SPDX-License-Identifier: GPL-2.0-or-later
/* lib/boot/elf on a hand-built ARM executable (two PT_LOAD segments, a
 * .text/.data/.bss section table) and on every field made wrong. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "lib/boot/elf.h"
#include "lib/errno.h"

static uint8_t img[1024];

static void le16(size_t at, uint16_t v) { img[at] = v; img[at + 1] = v >> 8; }
static void le32(size_t at, uint32_t v) { le16(at, v); le16(at + 2, v >> 16); }

/* header at 0, 3 program headers at 52, 4 section headers at 256, data at 512 */
static void build(void)
{
	memset(img, 0, sizeof(img));
	memcpy(img, "\x7f" "ELF\x01\x01\x01", 7);
	le16(16, 2);            /* ET_EXEC */
	le16(18, 40);           /* EM_ARM */
	le32(24, 0x80100001);   /* entry (Thumb) */
	le32(28, 52);
	le32(32, 256);
	le16(42, 32);
	le16(44, 3);
	le16(46, 40);
	le16(48, 4);
	/* PT_LOAD text, PT_NOTE, PT_LOAD data + bss */
	le32(52, 1); le32(56, 512); le32(64, 0x80100000); le32(68, 64); le32(72, 64);
	le32(84, 4);
	le32(116, 1); le32(120, 576); le32(128, 0x80200000); le32(132, 16); le32(136, 0x100);
	/* sections: null, .text (alloc), .comment (not alloc), .bss (nobits) */
	le32(300, 1); le32(304, 2); le32(308, 0x80100000); le32(312, 512); le32(316, 64);
	le32(340, 1); le32(344, 0); le32(352, 600); le32(356, 8);
	le32(380, 8); le32(384, 2); le32(388, 0x80200010); le32(392, 0); le32(396, 0xf0);
	for (int i = 512; i < 592; i++)
		img[i] = (uint8_t)i;
}

static void test_good(void **state)
{
	struct elf_piece p[ELF_PIECES_MAX];
	const char *why = NULL;
	uint32_t entry = 0;
	unsigned n;

	build();
	assert_int_equal(elf_pieces(img, sizeof(img), true, p, &n, &entry, &why), 0);
	assert_int_equal(n, 2);
	assert_int_equal(entry, 0x80100001);
	assert_int_equal(p[0].addr, 0x80100000);
	assert_int_equal(p[0].off, 512);
	assert_int_equal(p[0].filesz, 64);
	assert_int_equal(p[1].addr, 0x80200000);
	assert_int_equal(p[1].filesz, 16);
	assert_int_equal(p[1].memsz, 0x100);
	assert_int_equal(elf_pieces(img, sizeof(img), false, p, &n, &entry, &why), 0);
	assert_int_equal(n, 2);
	assert_int_equal(p[0].filesz, 64);
	assert_int_equal(p[1].addr, 0x80200010);
	assert_int_equal(p[1].filesz, 0);
	assert_int_equal(p[1].memsz, 0xf0);
}

static void expect(bool phdr, int err, const char *msg)
{
	struct elf_piece p[ELF_PIECES_MAX];
	const char *why = NULL;
	uint32_t entry;
	unsigned n;

	assert_int_equal(elf_pieces(img, sizeof(img), phdr, p, &n, &entry, &why), err);
	assert_string_equal(why, msg);
	build();
}

static void test_bad(void **state)
{
	build();
	img[1] = 'X';
	expect(true, -EINVAL, "no ELF image");
	img[4] = 2;
	expect(true, -ENOTSUP, "not a 32-bit ELF image");
	img[5] = 2;
	expect(true, -ENOTSUP, "not a little-endian ELF image");
	le16(18, 3);
	expect(true, -ENOTSUP, "not an ARM ELF image");
	le16(16, 3);
	expect(true, -ENOTSUP, "not an executable (ET_EXEC) ELF image");
	le32(28, 1000);
	expect(true, -EBADMSG, "program header table outside the image");
	le16(48, 60);
	expect(false, -EBADMSG, "section header table outside the image");
	le16(42, 8);
	expect(true, -EBADMSG, "program header table outside the image");
	le32(68, 65536);
	expect(true, -EBADMSG, "a piece lies outside the image");
	le32(56, 0xfffffff0);
	expect(true, -EBADMSG, "a piece lies outside the image");
	le32(64, 0xffffffd0);
	expect(true, -EBADMSG, "a piece wraps around the address space");
	le32(52, 0); le32(116, 0);
	expect(true, -EBADMSG, "nothing to load");
	assert_int_equal(elf_pieces(img, 40, true, NULL, &(unsigned){0}, &(uint32_t){0},
				    &(const char *){NULL}), -ENOTSUP);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good),
		cmocka_unit_test(test_bad),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
