// SPDX-License-Identifier: GPL-2.0-or-later
/* ELF32 executables for bootelf: the header checked, the program or
 * section header table read into a list of pieces, every offset bounded
 * by the image (System V ABI, "Object Files"). */
#include "lib/boot/elf.h"

#include "lib/bitops.h"
#include "lib/errno.h"

#define PT_LOAD     1
#define SHT_NOBITS  8
#define SHF_ALLOC   2
#define ET_EXEC     2
#define EM_ARM      40

static int fail(const char **why, const char *msg, int err)
{
	*why = msg;
	return err;
}

/* A table of num entries of entsize bytes (at least min) at off. */
static bool table_ok(size_t len, uint32_t off, uint32_t num, uint32_t entsize, uint32_t min)
{
	return entsize >= min && off <= len && (uint64_t)num * entsize <= len - off;
}

int elf_pieces(const void *img, size_t len, bool by_phdr, struct elf_piece *p, unsigned *n,
	       uint32_t *entry, const char **why)
{
	const uint8_t *b = img;
	uint32_t off, num, esz;

	*n = 0;
	if (len < 4 || b[0] != 0x7f || b[1] != 'E' || b[2] != 'L' || b[3] != 'F')
		return fail(why, "no ELF image", -EINVAL);
	if (len < 52 || b[4] != 1)
		return fail(why, "not a 32-bit ELF image", -ENOTSUP);
	if (b[5] != 1)
		return fail(why, "not a little-endian ELF image", -ENOTSUP);
	if (get_le16(b + 18) != EM_ARM)
		return fail(why, "not an ARM ELF image", -ENOTSUP);
	if (get_le16(b + 16) != ET_EXEC)
		return fail(why, "not an executable (ET_EXEC) ELF image", -ENOTSUP);
	*entry = get_le32(b + 24);
	off = get_le32(b + (by_phdr ? 28 : 32));
	esz = get_le16(b + (by_phdr ? 42 : 46));
	num = get_le16(b + (by_phdr ? 44 : 48));
	if (!table_ok(len, off, num, esz, by_phdr ? 32 : 40))
		return fail(why, by_phdr ? "program header table outside the image" :
			    "section header table outside the image", -EBADMSG);
	for (uint32_t i = 0; i < num; i++) {
		const uint8_t *e = b + off + i * esz;
		struct elf_piece q;

		if (by_phdr) {
			if (get_le32(e) != PT_LOAD)
				continue;
			q.off = get_le32(e + 4);
			q.addr = get_le32(e + 12);
			q.filesz = get_le32(e + 16);
			q.memsz = get_le32(e + 20);
		} else {
			if (!(get_le32(e + 8) & SHF_ALLOC))
				continue;
			q.addr = get_le32(e + 12);
			q.off = get_le32(e + 16);
			q.memsz = get_le32(e + 20);
			q.filesz = get_le32(e + 4) == SHT_NOBITS ? 0 : q.memsz;
		}
		if (!q.memsz)
			continue;
		if (q.filesz > q.memsz || q.off > len || q.filesz > len - q.off)
			return fail(why, "a piece lies outside the image", -EBADMSG);
		if ((uint64_t)q.addr + q.memsz > 0x100000000ull)
			return fail(why, "a piece wraps around the address space", -EBADMSG);
		if (*n == ELF_PIECES_MAX)
			return fail(why, "more than 32 pieces to load", -EBADMSG);
		p[(*n)++] = q;
	}
	if (!*n)
		return fail(why, "nothing to load", -EBADMSG);
	return 0;
}
