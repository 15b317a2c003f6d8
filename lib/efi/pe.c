// SPDX-License-Identifier: GPL-2.0-or-later
/* PE32 EFI images for 32-bit ARM: every header field checked against the
 * file before use, sections laid out at their RVAs, base relocations
 * (HIGHLOW and the ARM and Thumb-2 MOVW/MOVT pairs) applied. Written from
 * the Microsoft PE/COFF specification and UEFI 2.10 section 2.1.1; U-Boot's
 * lib/efi_loader/efi_image_loader.c and barebox's efi loader were read for
 * what real loaders accept (no code taken). */
#include "lib/efi/pe.h"

#include <stdbool.h>

#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/string.h"

#define PE_MAGIC_PE32   0x010b
#define PE_MAGIC_PE32P  0x020b
#define FILE_RELOCS_STRIPPED  0x0001
#define FILE_EXECUTABLE       0x0002
#define DIR_BASERELOC   5
#define COFF_HDR_SIZE   20
#define OPT_DIRS_OFF    96      /* PE32: the data directories follow 96 bytes of fields */
#define SECTION_SIZE    40

static int fail(const char **why, const char *msg, int err)
{
	*why = msg;
	return err;
}

static bool pow2(uint32_t v)
{
	return v && !(v & (v - 1));
}

/* [off, off + n) inside [0, limit), without overflow. */
static bool inside(uint64_t off, uint64_t n, uint64_t limit)
{
	return off <= limit && n <= limit - off;
}

/* A section's loaded extent: VirtualSize, or SizeOfRawData where a linker
 * left VirtualSize 0; and the bytes taken from the file. */
static void section_sizes(const uint8_t *s, uint32_t *vsize, uint32_t *fsize)
{
	uint32_t vs = get_le32(s + 8), rs = get_le32(s + 16);

	*vsize = vs ? vs : rs;
	*fsize = MIN(rs, *vsize);
}

int pe_parse(const void *file, size_t len, struct pe_image *img, const char **why)
{
	const uint8_t *b = file, *opt;
	uint32_t pe, optsize, ndirs, file_align, prev_end;
	bool entry_ok = false;

	memset(img, 0, sizeof(*img));
	/* Offsets below are 32-bit sums of 32-bit fields, bounded by len. */
	if (len > 0xffffffffu)
		return fail(why, "PE file larger than 4 GiB", -EFBIG);
	if (len < 0x40 || b[0] != 'M' || b[1] != 'Z')
		return fail(why, "no PE image (no MZ header)", -EINVAL);
	pe = get_le32(b + 0x3c);
	if (!inside(pe, 4 + COFF_HDR_SIZE, len) || memcmp(b + pe, "PE\0\0", 4))
		return fail(why, "no PE image (no PE signature)", -EINVAL);
	img->machine = get_le16(b + pe + 4);
	if (img->machine != PE_MACHINE_ARM && img->machine != PE_MACHINE_THUMB &&
	    img->machine != PE_MACHINE_ARMNT)
		return fail(why, "not a 32-bit ARM PE image (COFF machine)", -ENOTSUP);
	img->nsections = get_le16(b + pe + 6);
	optsize = get_le16(b + pe + 20);
	img->characteristics = get_le16(b + pe + 22);
	if (!(img->characteristics & FILE_EXECUTABLE))
		return fail(why, "PE image not marked executable", -ENOTSUP);
	opt = b + pe + 4 + COFF_HDR_SIZE;
	if (optsize < 2 || !inside(pe + 4 + COFF_HDR_SIZE, optsize, len))
		return fail(why, "PE optional header outside the file", -EBADMSG);
	if (get_le16(opt) == PE_MAGIC_PE32P)
		return fail(why, "PE32+ (64-bit) image, not PE32", -ENOTSUP);
	if (get_le16(opt) != PE_MAGIC_PE32)
		return fail(why, "PE optional header magic is not PE32", -ENOTSUP);
	if (optsize < OPT_DIRS_OFF)
		return fail(why, "PE optional header too short", -EBADMSG);
	img->entry = get_le32(opt + 16);
	img->image_base = get_le32(opt + 28);
	img->section_align = get_le32(opt + 32);
	file_align = get_le32(opt + 36);
	img->size_of_image = get_le32(opt + 56);
	img->size_of_headers = get_le32(opt + 60);
	img->subsystem = get_le16(opt + 68);
	ndirs = get_le32(opt + 92);
	if (img->subsystem != PE_SUBSYSTEM_EFI_APPLICATION &&
	    img->subsystem != PE_SUBSYSTEM_EFI_BOOT_DRIVER)
		return fail(why, "PE subsystem is not an EFI application or boot service driver",
			    -ENOTSUP);
	if (!pow2(img->section_align) || !pow2(file_align) || file_align > img->section_align)
		return fail(why, "PE SectionAlignment/FileAlignment not powers of two", -EBADMSG);
	if (ndirs > 16 || OPT_DIRS_OFF + 8 * ndirs > optsize)
		return fail(why, "PE NumberOfRvaAndSizes does not fit the optional header", -EBADMSG);
	if (!img->size_of_image || img->size_of_headers > img->size_of_image ||
	    img->size_of_headers > len)
		return fail(why, "PE SizeOfHeaders beyond SizeOfImage or the file", -EBADMSG);
	if ((uint64_t)img->image_base + img->size_of_image > 0x100000000ull)
		return fail(why, "PE ImageBase + SizeOfImage wraps around", -EBADMSG);
	if (ndirs > DIR_BASERELOC) {
		img->reloc_rva = get_le32(opt + OPT_DIRS_OFF + 8 * DIR_BASERELOC);
		img->reloc_size = get_le32(opt + OPT_DIRS_OFF + 8 * DIR_BASERELOC + 4);
		if (img->reloc_size && !inside(img->reloc_rva, img->reloc_size, img->size_of_image))
			return fail(why, "PE base relocation table outside the image", -EBADMSG);
	}
	img->sections_off = pe + 4 + COFF_HDR_SIZE + optsize;
	if (!inside(img->sections_off, (uint64_t)img->nsections * SECTION_SIZE, img->size_of_headers))
		return fail(why, "PE section table outside the headers", -EBADMSG);

	/* Sections in ascending RVA order and apart (as the specification
	 * requires), none over the headers; empty ones (systemd-boot's .reloc
	 * at RVA 0) take no room and are skipped. */
	prev_end = img->size_of_headers;
	for (unsigned i = 0; i < img->nsections; i++) {
		const uint8_t *s = b + img->sections_off + i * SECTION_SIZE;
		uint32_t va = get_le32(s + 12), off = get_le32(s + 20), vsize, fsize;

		section_sizes(s, &vsize, &fsize);
		if (!vsize)
			continue;
		if (!inside(va, vsize, img->size_of_image))
			return fail(why, "PE section outside SizeOfImage", -EBADMSG);
		if (fsize && !inside(off, fsize, len))
			return fail(why, "PE section data outside the file", -EBADMSG);
		if (va < prev_end)
			return fail(why, "PE sections overlap or are out of order", -EBADMSG);
		prev_end = va + vsize;
		if ((img->entry & ~1u) >= va && (img->entry & ~1u) - va < vsize)
			entry_ok = true;
	}
	if (!entry_ok)
		return fail(why, "PE entry point outside every section", -EBADMSG);
	return 0;
}

int pe_load(const struct pe_image *img, const void *file, size_t len, void *dst, size_t dst_size,
	    const char **why)
{
	const uint8_t *b = file;
	uint8_t *d = dst;

	if (dst_size < img->size_of_image)
		return fail(why, "PE image larger than its load window", -EFBIG);
	if (img->size_of_headers > len ||
	    !inside(img->sections_off, (uint64_t)img->nsections * SECTION_SIZE, len))
		return fail(why, "PE file shorter than its headers", -EBADMSG);
	memset(d, 0, dst_size);
	memcpy(d, b, img->size_of_headers);
	for (unsigned i = 0; i < img->nsections; i++) {
		const uint8_t *s = b + img->sections_off + i * SECTION_SIZE;
		uint32_t va = get_le32(s + 12), off = get_le32(s + 20), vsize, fsize;

		section_sizes(s, &vsize, &fsize);
		/* Checked again: the file may not be the one pe_parse() saw. */
		if (!inside(va, vsize, img->size_of_image) || (fsize && !inside(off, fsize, len)))
			return fail(why, "PE section outside the image or the file", -EBADMSG);
		if (fsize)
			memcpy(d + va, b + off, fsize);
	}
	return 0;
}

/* ARM MOVW/MOVT (A1): imm16 is imm4 (bits 19:16) : imm12 (bits 11:0). */
static bool arm_mov(uint32_t insn, uint32_t opc, uint32_t *imm)
{
	*imm = ((insn >> 4) & 0xf000) | (insn & 0xfff);
	return (insn & 0x0ff00000) == opc;
}

static uint32_t arm_mov_set(uint32_t insn, uint32_t imm)
{
	return (insn & 0xfff0f000) | ((imm & 0xf000) << 4) | (imm & 0xfff);
}

/* Thumb-2 MOVW (T3) / MOVT (T1), two halfwords: imm16 is
 * imm4 (hw1 3:0) : i (hw1 10) : imm3 (hw2 14:12) : imm8 (hw2 7:0). */
static bool thumb_mov(const uint8_t *p, uint16_t opc, uint32_t *imm)
{
	uint16_t h1 = get_le16(p), h2 = get_le16(p + 2);

	*imm = (uint32_t)(h1 & 0xf) << 12 | (uint32_t)((h1 >> 10) & 1) << 11 |
	       (uint32_t)((h2 >> 12) & 7) << 8 | (h2 & 0xff);
	return (h1 & 0xfbf0) == opc && !(h2 & 0x8000);
}

static void thumb_mov_set(uint8_t *p, uint32_t imm)
{
	uint16_t h1 = get_le16(p), h2 = get_le16(p + 2);

	h1 = (uint16_t)((h1 & 0xfbf0) | ((imm >> 12) & 0xf) | ((imm >> 11) & 1) << 10);
	h2 = (uint16_t)((h2 & 0x8f00) | ((imm >> 8) & 7) << 12 | (imm & 0xff));
	set_le16(p, h1);
	set_le16(p + 2, h2);
}

/* One relocation of type t at p: checked, and applied if apply. */
static int reloc_one(uint8_t *p, unsigned t, uint32_t delta, bool apply, const char **why)
{
	uint32_t lo, hi, v;

	switch (t) {
	case PE_REL_HIGH:
		if (apply)
			set_le16(p, (uint16_t)(get_le16(p) + (delta >> 16)));
		return 0;
	case PE_REL_LOW:
		if (apply)
			set_le16(p, (uint16_t)(get_le16(p) + delta));
		return 0;
	case PE_REL_HIGHLOW:
		if (apply)
			set_le32(p, get_le32(p) + delta);
		return 0;
	case PE_REL_ARM_MOV32:
		if (!arm_mov(get_le32(p), 0x03000000, &lo) || !arm_mov(get_le32(p + 4), 0x03400000, &hi))
			return fail(why, "ARM_MOV32 relocation not at an ARM MOVW/MOVT pair", -EBADMSG);
		if (apply) {
			v = (hi << 16 | lo) + delta;
			set_le32(p, arm_mov_set(get_le32(p), v & 0xffff));
			set_le32(p + 4, arm_mov_set(get_le32(p + 4), v >> 16));
		}
		return 0;
	case PE_REL_THUMB_MOV32:
		if (!thumb_mov(p, 0xf240, &lo) || !thumb_mov(p + 4, 0xf2c0, &hi))
			return fail(why, "THUMB_MOV32 relocation not at a Thumb-2 MOVW/MOVT pair",
				    -EBADMSG);
		if (apply) {
			v = (hi << 16 | lo) + delta;
			thumb_mov_set(p, v & 0xffff);
			thumb_mov_set(p + 4, v >> 16);
		}
		return 0;
	}
	return fail(why, "PE base relocation of a type not for 32-bit ARM", -ENOTSUP);
}

/* Bytes a relocation of type t patches; 0 for a type this loader refuses. */
static unsigned reloc_width(unsigned t)
{
	switch (t) {
	case PE_REL_HIGH:
	case PE_REL_LOW:
		return 2;
	case PE_REL_HIGHLOW:
		return 4;
	case PE_REL_ARM_MOV32:
	case PE_REL_THUMB_MOV32:
		return 8;
	}
	return 0;
}

/* One walk over the relocation table: checking only, or applying. The
 * table is read from the loaded image at every step (an entry may patch
 * the table itself: it is then read as patched, and still bounded). */
static int reloc_walk(const struct pe_image *img, uint8_t *d, uint32_t delta, bool apply,
		      struct pe_reloc_info *info, const char **why)
{
	uint32_t pos = img->reloc_rva, end = img->reloc_rva + img->reloc_size;

	while (end - pos >= 8) {
		uint32_t page = get_le32(d + pos), bsize = get_le32(d + pos + 4);

		info->bad_rva = pos;
		if (bsize < 8 || bsize > end - pos || (bsize & 1))
			return fail(why, "PE base relocation block size out of the table", -EBADMSG);
		for (uint32_t e = pos + 8; e < pos + bsize; e += 2) {
			uint16_t ent = get_le16(d + e);
			unsigned t = ent >> 12;
			uint64_t at = (uint64_t)page + (ent & 0xfff);
			int err;

			info->bad_type = (uint8_t)t;
			info->bad_rva = (uint32_t)at;
			if (!apply)
				info->count[t]++;
			if (t == PE_REL_ABSOLUTE)
				continue;
			if (!reloc_width(t))
				return fail(why, "PE base relocation of a type not for 32-bit ARM",
					    -ENOTSUP);
			if (!inside(at, reloc_width(t), img->size_of_image))
				return fail(why, "PE base relocation outside the image", -EBADMSG);
			err = reloc_one(d + (uint32_t)at, t, delta, apply, why);
			if (err)
				return err;
			if (!apply) {
				if (info->hi == 0 || at < info->lo)
					info->lo = (uint32_t)at;
				info->hi = MAX(info->hi, (uint32_t)at + reloc_width(t));
			}
		}
		pos += bsize;
	}
	if (pos != end)
		return fail(why, "PE base relocation table ends inside a block header", -EBADMSG);
	return 0;
}

int pe_relocate(const struct pe_image *img, void *dst, uint32_t load_addr,
		struct pe_reloc_info *info, const char **why)
{
	struct pe_reloc_info scratch;
	uint32_t delta = load_addr - img->image_base;
	int err;

	if (!info)
		info = &scratch;
	memset(info, 0, sizeof(*info));
	if (load_addr & (img->section_align - 1))
		return fail(why, "load address not a multiple of the PE SectionAlignment", -EINVAL);
	if ((uint64_t)load_addr + img->size_of_image > 0x100000000ull)
		return fail(why, "PE image would wrap around the address space", -EINVAL);
	if (!img->reloc_size) {
		if (delta && (img->characteristics & FILE_RELOCS_STRIPPED))
			return fail(why, "PE relocations stripped: the image must run at its ImageBase",
				    -ENOTSUP);
		return 0;
	}
	if (!inside(img->reloc_rva, img->reloc_size, img->size_of_image))
		return fail(why, "PE base relocation table outside the image", -EBADMSG);
	err = reloc_walk(img, dst, delta, false, info, why);
	if (!err && delta)
		err = reloc_walk(img, dst, delta, true, info, why);
	if (!err)
		info->bad_rva = info->bad_type = 0;
	return err;
}

const char *pe_reloc_name(unsigned type)
{
	static const char names[] =
		"ABSOLUTE\0HIGH\0LOW\0HIGHLOW\0HIGHADJ\0ARM_MOV32\0SECTION\0THUMB_MOV32\0"
		"RISCV_LOW12S\0MIPS_JMPADDR16\0DIR64\0";
	const char *n = names;

	if (type > 10)
		return "?";
	while (type--)
		n += strlen(n) + 1;
	return n;
}
