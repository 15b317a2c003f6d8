// SPDX-License-Identifier: GPL-2.0-or-later
/* lib/efi/pe on a hand-built PE32 image (Thumb-2 and ARM MOVW/MOVT pairs, a
 * HIGHLOW word), on every field made wrong, and on Debian's own 32-bit ARM
 * EFI binaries: systemd-boot, its UKI stub, a GRUB image made here with
 * grub-mkimage from Debian's arm-efi modules, and the armmp kernel's EFI
 * stub (fetched by `make build/host/test_efi_pe`). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/efi/pe.h"
#include "lib/errno.h"

#define IMG_LEN  0x3c0
#define BASE     0x10000
#define SOI      0x500

static uint8_t img[IMG_LEN];

static void le16(uint8_t *b, size_t at, uint16_t v) { b[at] = v; b[at + 1] = v >> 8; }
static void le32(uint8_t *b, size_t at, uint32_t v) { le16(b, at, v); le16(b, at + 2, v >> 16); }
static uint32_t rd32(const uint8_t *b, size_t at)
{
	return b[at] | b[at + 1] << 8 | b[at + 2] << 16 | (uint32_t)b[at + 3] << 24;
}

/* Optional header at 0x58, section table at 0x138; .text (RVA and file
 * 0x200), .data (RVA 0x300, 0x80 bytes in the file at 0x300, 0x100 in
 * memory), .reloc (RVA 0x400, file 0x380). */
#define OPT 0x58
#define SEC 0x138
static void section(int i, const char *name, uint32_t vs, uint32_t va, uint32_t rs, uint32_t rp)
{
	size_t s = SEC + 40 * i;

	memcpy(img + s, name, strlen(name));
	le32(img, s + 8, vs);
	le32(img, s + 12, va);
	le32(img, s + 16, rs);
	le32(img, s + 20, rp);
	le32(img, s + 36, 0x60000020);
}

static void build(void)
{
	memset(img, 0, sizeof(img));
	img[0] = 'M'; img[1] = 'Z';
	le32(img, 0x3c, 0x40);
	memcpy(img + 0x40, "PE\0\0", 4);
	le16(img, 0x44, PE_MACHINE_THUMB);
	le16(img, 0x46, 3);            /* sections */
	le16(img, 0x54, 224);          /* SizeOfOptionalHeader: 96 + 16 directories */
	le16(img, 0x56, 0x0102);       /* 32BIT_MACHINE | EXECUTABLE_IMAGE */
	le16(img, OPT, 0x10b);
	le32(img, OPT + 16, 0x201);    /* entry: Thumb, in .text */
	le32(img, OPT + 28, BASE);
	le32(img, OPT + 32, 0x100);    /* SectionAlignment */
	le32(img, OPT + 36, 0x80);     /* FileAlignment */
	le32(img, OPT + 56, SOI);
	le32(img, OPT + 60, 0x200);    /* SizeOfHeaders */
	le16(img, OPT + 68, PE_SUBSYSTEM_EFI_APPLICATION);
	le32(img, OPT + 92, 16);
	le32(img, OPT + 96 + 8 * 5, 0x400);
	le32(img, OPT + 96 + 8 * 5 + 4, 28);
	section(0, ".text", 0x100, 0x200, 0x100, 0x200);
	section(1, ".data", 0x100, 0x300, 0x80, 0x300);
	section(2, ".reloc", 0x40, 0x400, 0x40, 0x380);
	/* .text: movw r0, #0x300; movt r0, #1 (Thumb-2); movw r1, #0x304;
	 * movt r1, #1 (ARM); encodings from arm-none-eabi-as. */
	le16(img, 0x200, 0xf240); le16(img, 0x202, 0x3000);
	le16(img, 0x204, 0xf2c0); le16(img, 0x206, 0x0001);
	le32(img, 0x208, 0xe3001304);
	le32(img, 0x20c, 0xe3401001);
	le32(img, 0x300, BASE + 0x310);        /* .data: a pointer */
	for (int i = 0x304; i < 0x380; i++)
		img[i] = 0xdd;
	/* .reloc: block for page 0x200 (THUMB_MOV32 at 0, ARM_MOV32 at 8,
	 * padding), block for page 0x300 (HIGHLOW at 0, padding). */
	le32(img, 0x380, 0x200); le32(img, 0x384, 16);
	le16(img, 0x388, 0x7000); le16(img, 0x38a, 0x5008); le16(img, 0x38c, 0); le16(img, 0x38e, 0);
	le32(img, 0x390, 0x300); le32(img, 0x394, 12);
	le16(img, 0x398, 0x3000); le16(img, 0x39a, 0);
}

static int load(const uint8_t *file, size_t len, uint8_t **out, struct pe_image *pe,
		const char **why)
{
	int err = pe_parse(file, len, pe, why);

	*out = NULL;
	if (err)
		return err;
	*out = malloc(pe->size_of_image + 16);
	assert_non_null(*out);
	return pe_load(pe, file, len, *out, pe->size_of_image + 16, why);
}

static void test_good(void **state)
{
	struct pe_reloc_info info;
	struct pe_image pe;
	const char *why = NULL;
	uint8_t *m;

	build();
	assert_int_equal(load(img, sizeof(img), &m, &pe, &why), 0);
	assert_int_equal(pe.machine, PE_MACHINE_THUMB);
	assert_int_equal(pe.entry, 0x201);
	assert_int_equal(pe.size_of_image, SOI);
	assert_int_equal(pe.reloc_rva, 0x400);
	assert_memory_equal(m, img, 0x200);               /* headers */
	assert_memory_equal(m + 0x200, img + 0x200, 0x180);
	for (int i = 0x380; i < 0x400; i++)               /* .data past its file part */
		assert_int_equal(m[i], 0);
	assert_memory_equal(m + 0x400, img + 0x380, 0x40);
	for (int i = 0x440; i < SOI + 16; i++)
		assert_int_equal(m[i], 0);

	/* Moved to 0x9abc0000: movt #0x9abc needs the Thumb i bit. */
	assert_int_equal(pe_relocate(&pe, m, 0x9abc0000, &info, &why), 0);
	assert_int_equal(rd32(m, 0x200), 0x3000f240);     /* movw r0, #0x300 */
	assert_int_equal(rd32(m, 0x204), 0x20bcf6c9);     /* movt r0, #0x9abc */
	assert_int_equal(rd32(m, 0x208), 0xe3001304);     /* movw r1, #0x304 */
	assert_int_equal(rd32(m, 0x20c), 0xe3491abc);     /* movt r1, #0x9abc */
	assert_int_equal(rd32(m, 0x300), 0x9abc0310);
	assert_int_equal(info.count[PE_REL_THUMB_MOV32], 1);
	assert_int_equal(info.count[PE_REL_ARM_MOV32], 1);
	assert_int_equal(info.count[PE_REL_HIGHLOW], 1);
	assert_int_equal(info.count[PE_REL_ABSOLUTE], 3);
	assert_int_equal(info.lo, 0x200);
	assert_int_equal(info.hi, 0x304);
	assert_string_equal(pe_reloc_name(PE_REL_THUMB_MOV32), "THUMB_MOV32");
	assert_string_equal(pe_reloc_name(10), "DIR64");
	assert_string_equal(pe_reloc_name(12), "?");

	/* At its ImageBase nothing changes; low load address wraps the delta. */
	free(m);
	assert_int_equal(load(img, sizeof(img), &m, &pe, &why), 0);
	assert_int_equal(pe_relocate(&pe, m, BASE, &info, &why), 0);
	assert_memory_equal(m + 0x200, img + 0x200, 0x180);
	assert_int_equal(pe_relocate(&pe, m, 0x100, NULL, &why), 0);
	assert_int_equal(rd32(m, 0x300), 0x410);
	assert_int_equal(rd32(m, 0x204), 0x0000f2c0);     /* movt r0, #0 */
	free(m);
}

struct bad {
	const char *what;
	size_t at;
	int width;          /* 2 or 4: the field written */
	uint32_t val;
	int err;
	const char *why;
	int stage;          /* 0 parse, 1 relocate */
};

static const struct bad bads[] = {
	{ "MZ", 0, 2, 0x5a4e, -EINVAL, "no MZ", 0 },
	{ "e_lfanew", 0x3c, 4, IMG_LEN - 8, -EINVAL, "no PE signature", 0 },
	{ "e_lfanew huge", 0x3c, 4, 0xfffffff0, -EINVAL, "no PE signature", 0 },
	{ "PE signature", 0x41, 2, 0x4545, -EINVAL, "no PE signature", 0 },
	{ "machine i386", 0x44, 2, 0x14c, -ENOTSUP, "not a 32-bit ARM", 0 },
	{ "machine arm64", 0x44, 2, 0xaa64, -ENOTSUP, "not a 32-bit ARM", 0 },
	{ "not executable", 0x56, 2, 0x0100, -ENOTSUP, "not marked executable", 0 },
	{ "PE32+", OPT, 2, 0x20b, -ENOTSUP, "PE32+", 0 },
	{ "magic", OPT, 2, 0x107, -ENOTSUP, "not PE32", 0 },
	{ "optional header short", 0x54, 2, 90, -EBADMSG, "too short", 0 },
	{ "optional header past file", 0x54, 2, 0xfff0, -EBADMSG, "optional header outside", 0 },
	{ "subsystem console", OPT + 68, 2, 3, -ENOTSUP, "subsystem", 0 },
	{ "subsystem runtime driver", OPT + 68, 2, 12, -ENOTSUP, "subsystem", 0 },
	{ "section alignment", OPT + 32, 4, 0x180, -EBADMSG, "Alignment", 0 },
	{ "file > section align", OPT + 36, 4, 0x200, -EBADMSG, "Alignment", 0 },
	{ "directories", OPT + 92, 4, 17, -EBADMSG, "NumberOfRvaAndSizes", 0 },
	{ "directories huge", OPT + 92, 4, 0x80000000, -EBADMSG, "NumberOfRvaAndSizes", 0 },
	{ "SizeOfHeaders", OPT + 60, 4, SOI + 1, -EBADMSG, "SizeOfHeaders", 0 },
	{ "SizeOfHeaders past file", OPT + 60, 4, 0x3c4, -EBADMSG, "SizeOfHeaders", 0 },
	{ "SizeOfImage 0", OPT + 56, 4, 0, -EBADMSG, "SizeOfHeaders", 0 },
	{ "ImageBase wraps", OPT + 28, 4, 0xfffffe00, -EBADMSG, "wraps", 0 },
	{ "reloc dir outside", OPT + 96 + 40, 4, 0x4f0, -EBADMSG, "relocation table outside", 0 },
	{ "reloc dir huge", OPT + 96 + 44, 4, 0xfffffff0, -EBADMSG, "relocation table outside", 0 },
	{ "sections many", 0x46, 2, 200, -EBADMSG, "section table outside", 0 },
	{ "section past image", SEC + 40 + 12, 4, 0x480, -EBADMSG, "outside SizeOfImage", 0 },
	{ "section size wraps", SEC + 40 + 8, 4, 0xffffff00, -EBADMSG, "outside SizeOfImage", 0 },
	{ "section data past file", SEC + 40 + 20, 4, 0x350, -EBADMSG, "outside the file", 0 },
	{ "section data offset huge", SEC + 40 + 20, 4, 0xffffffc0, -EBADMSG, "outside the file", 0 },
	{ "sections overlap", SEC + 40 + 12, 4, 0x2f0, -EBADMSG, "overlap", 0 },
	{ "section over headers", SEC + 12, 4, 0x100, -EBADMSG, "overlap", 0 },
	{ "entry outside", OPT + 16, 4, 0x4f0, -EBADMSG, "entry point", 0 },
	{ "entry in headers", OPT + 16, 4, 0x10, -EBADMSG, "entry point", 0 },
	{ "reloc DIR64", 0x398, 2, 0xa000, -ENOTSUP, "type not for 32-bit ARM", 1 },
	{ "reloc HIGHADJ", 0x398, 2, 0x4000, -ENOTSUP, "type not for 32-bit ARM", 1 },
	{ "reloc past image", 0x390, 4, 0x4fe, -EBADMSG, "relocation outside the image", 1 },
	{ "reloc page huge", 0x390, 4, 0xfffff000, -EBADMSG, "relocation outside the image", 1 },
	{ "reloc MOV32 past image", 0x380, 4, 0x4fc, -EBADMSG, "relocation outside", 1 },
	{ "block size 0", 0x384, 4, 0, -EBADMSG, "block size", 1 },
	{ "block size odd", 0x384, 4, 15, -EBADMSG, "block size", 1 },
	{ "block size past table", 0x394, 4, 16, -EBADMSG, "block size", 1 },
	{ "table ends in a header", OPT + 96 + 44, 4, 32, -EBADMSG, "inside a block header", 1 },
	{ "ARM_MOV32 not movw", 0x208, 4, 0xe1a00000, -EBADMSG, "ARM MOVW/MOVT", 1 },
	{ "ARM_MOV32 not movt", 0x20c, 4, 0xe3001001, -EBADMSG, "ARM MOVW/MOVT", 1 },
	{ "THUMB_MOV32 not movw", 0x200, 2, 0xbf00, -EBADMSG, "Thumb-2 MOVW/MOVT", 1 },
	{ "THUMB_MOV32 32-bit hw2", 0x206, 2, 0x8001, -EBADMSG, "Thumb-2 MOVW/MOVT", 1 },
	{ "THUMB_MOV32 swapped", 0x204, 2, 0xf240, -EBADMSG, "Thumb-2 MOVW/MOVT", 1 },
};

static void test_bad(void **state)
{
	for (size_t i = 0; i < sizeof(bads) / sizeof(bads[0]); i++) {
		const struct bad *b = &bads[i];
		struct pe_image pe;
		const char *why = "";
		uint8_t *m, *before;
		int err;

		build();
		if (b->width == 2)
			le16(img, b->at, (uint16_t)b->val);
		else
			le32(img, b->at, b->val);
		err = load(img, sizeof(img), &m, &pe, &why);
		if (b->stage == 1) {
			if (err)
				fail_msg("%s: parse/load failed: %s", b->what, why);
			before = malloc(SOI);
			memcpy(before, m, SOI);
			err = pe_relocate(&pe, m, 0x80000000, NULL, &why);
			/* Checked before applied: a refused image is left as loaded. */
			assert_memory_equal(m, before, SOI);
			free(before);
		}
		if (err != b->err || !strstr(why, b->why))
			fail_msg("%s: got %d \"%s\", want %d \"%s\"", b->what, err, why, b->err, b->why);
		free(m);
	}
}

static void test_relocate_refusals(void **state)
{
	struct pe_image pe;
	const char *why = "";
	uint8_t *m;

	build();
	assert_int_equal(load(img, sizeof(img), &m, &pe, &why), 0);
	assert_int_equal(pe_relocate(&pe, m, 0x80000080, NULL, &why), -EINVAL);
	assert_non_null(strstr(why, "SectionAlignment"));
	assert_int_equal(pe_relocate(&pe, m, 0xfffffc00, NULL, &why), -EINVAL);
	assert_non_null(strstr(why, "wrap"));
	/* No relocation table, relocations stripped: only its ImageBase will do. */
	pe.reloc_size = 0;
	pe.characteristics |= 1;
	assert_int_equal(pe_relocate(&pe, m, 0x80000000, NULL, &why), -ENOTSUP);
	assert_non_null(strstr(why, "stripped"));
	assert_int_equal(pe_relocate(&pe, m, BASE, NULL, &why), 0);
	/* A load window smaller than SizeOfImage. */
	assert_int_equal(pe_load(&pe, img, sizeof(img), m, SOI - 1, &why), -EFBIG);
	free(m);
}

/* Every prefix of the image: refused with a reason, or parsed and loaded
 * without reading past it (ASan watches). */
static void test_truncated(void **state)
{
	build();
	for (size_t len = 0; len <= sizeof(img); len++) {
		uint8_t *cut = malloc(len ? len : 1), *m;
		struct pe_image pe;
		const char *why = NULL;
		int err;

		memcpy(cut, img, len);
		err = load(cut, len, &m, &pe, &why);
		if (err)
			assert_non_null(why);
		else
			assert_true(len >= 0x3c0);
		free(m);
		free(cut);
	}
}

/* ------------------------------------------------- Debian's EFI binaries */

static uint8_t *fixture(const char *rel, size_t *len)
{
	char path[PATH_MAX + 64];
	uint8_t *b;

	snprintf(path, sizeof(path), "%s/%s", repo_root(), rel);
	b = slurp(path, len);
	if (!b)
		fail_msg("%s missing: run `make build/host/test_efi_pe` (tools/fetch-debs.sh, "
			 "tools/fetch-kernel.sh) on a machine with Debian's package index", path);
	return b;
}

/* Walks the relocation table itself (apart from lib/efi/pe.c) and checks
 * that every HIGHLOW word moved by delta and no other byte changed. */
static void check_relocated(const struct pe_image *pe, const uint8_t *before, const uint8_t *after,
			    uint32_t delta)
{
	uint8_t *touched = calloc(pe->size_of_image, 1);
	uint32_t pos = pe->reloc_rva, end = pe->reloc_rva + pe->reloc_size, n = 0;

	while (pos + 8 <= end) {
		uint32_t page = rd32(before, pos), size = rd32(before, pos + 4);

		assert_true(size >= 8 && pos + size <= end);
		for (uint32_t e = pos + 8; e < pos + size; e += 2) {
			unsigned ent = before[e] | before[e + 1] << 8, t = ent >> 12;
			uint32_t at = page + (ent & 0xfff);

			if (t == PE_REL_ABSOLUTE)
				continue;
			assert_int_equal(t, PE_REL_HIGHLOW);
			assert_true(at + 4 <= pe->size_of_image);
			assert_int_equal(rd32(after, at), rd32(before, at) + delta);
			memset(touched + at, 1, 4);
			n++;
		}
		pos += size;
	}
	assert_true(n > 100);
	for (uint32_t i = 0; i < pe->size_of_image; i++)
		if (!touched[i] && before[i] != after[i])
			fail_msg("byte at RVA 0x%x changed without a relocation", i);
	free(touched);
}

/* Parse, load and relocate a real image; the loaded image matches the
 * file section by section, and the entry point lies in an executable
 * section. */
static void real_image(const uint8_t *f, size_t len, uint32_t load_addr, uint32_t min_relocs)
{
	struct pe_reloc_info info;
	struct pe_image pe;
	const char *why = "";
	uint8_t *m, *before;
	uint32_t nrel = 0, entry_exec = 0;

	if (load(f, len, &m, &pe, &why))
		fail_msg("refused: %s", why);
	assert_int_equal(pe.machine, PE_MACHINE_THUMB);
	assert_int_equal(pe.subsystem, PE_SUBSYSTEM_EFI_APPLICATION);
	assert_true(pe.entry >= pe.size_of_headers && pe.entry < pe.size_of_image);
	for (unsigned i = 0; i < pe.nsections; i++) {
		const uint8_t *s = f + pe.sections_off + 40 * i;
		uint32_t vs = rd32(s, 8), va = rd32(s, 12), rs = rd32(s, 16), rp = rd32(s, 20);
		uint32_t n = vs && vs < rs ? vs : rs;

		assert_memory_equal(m + va, f + rp, n);
		/* The entry point lies in code: a section marked executable. */
		if ((pe.entry & ~1u) >= va && (pe.entry & ~1u) < va + (vs ? vs : rs))
			entry_exec = rd32(s, 36) & 0x20000000;  /* IMAGE_SCN_MEM_EXECUTE */
	}
	assert_true(entry_exec);
	before = malloc(pe.size_of_image);
	memcpy(before, m, pe.size_of_image);
	if (pe_relocate(&pe, m, load_addr, &info, &why))
		fail_msg("relocation refused: %s (type %s at RVA 0x%x)", why,
			 pe_reloc_name(info.bad_type), info.bad_rva);
	for (int t = 1; t < 16; t++)
		nrel += info.count[t];
	assert_true(nrel >= min_relocs);
	if (nrel) {
		/* Every relocation applied lands inside the image, past the headers. */
		assert_true(info.lo >= pe.size_of_headers);
		assert_true(info.hi <= pe.size_of_image);
		check_relocated(&pe, before, m, load_addr - pe.image_base);
	} else {
		assert_memory_equal(m, before, pe.size_of_image);
	}
	free(before);
	free(m);
}

static void test_systemd_boot(void **state)
{
	static const char *const names[] = {
		"build/deps/root/usr/lib/systemd/boot/efi/systemd-bootarm.efi",
		"build/deps/root/usr/lib/systemd/boot/efi/linuxarm.efi.stub",
	};

	for (int i = 0; i < 2; i++) {
		size_t len;
		uint8_t *f = fixture(names[i], &len);

		/* Position-independent: no base relocations at all. */
		real_image(f, len, 0x82000000, 0);
		free(f);
	}
}

static void test_grub(void **state)
{
	const char *dir = scratch_dir("efi_pe");
	char out[PATH_MAX + 96];
	size_t len;
	uint8_t *f;

	free(fixture("build/deps/root/usr/lib/grub/arm-efi/normal.mod", &len));
	snprintf(out, sizeof(out), "%s/grubarm.efi", dir);
	if (sh("grub-mkimage -O arm-efi -d '%s/build/deps/root/usr/lib/grub/arm-efi' -o '%s' "
	       "-p /EFI/debian normal fat part_msdos 2>&1", repo_root(), out))
		fail_msg("grub-mkimage -O arm-efi failed (grub-common: tools/install-deps.sh)");
	f = fixture(out + strlen(repo_root()) + 1, &len);
	/* GRUB is linked at 0 with HIGHLOW relocations: moved to 0x82000000. */
	real_image(f, len, 0x82000000, 100);
	free(f);
}

static void test_linux_efi_stub(void **state)
{
	size_t len;
	uint8_t *f = fixture("build/deps/kernel/vmlinuz", &len);

	/* The zImage's EFI stub: position-independent, no relocations. */
	real_image(f, len, 0x82000000, 0);
	free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good),
		cmocka_unit_test(test_bad),
		cmocka_unit_test(test_relocate_refusals),
		cmocka_unit_test(test_truncated),
		cmocka_unit_test(test_systemd_boot),
		cmocka_unit_test(test_grub),
		cmocka_unit_test(test_linux_efi_stub),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
