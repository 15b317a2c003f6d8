/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The loadable parts of a 32-bit little-endian ARM ELF executable (System
 * V ABI "ELF" chapter, ARM's ELF supplement), for bootelf. */
#ifndef LIB_BOOT_ELF_H
#define LIB_BOOT_ELF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One piece to place: filesz bytes from the file at off to addr, then
 * zeros up to memsz. */
struct elf_piece {
	uint32_t addr, off, filesz, memsz;
};

#define ELF_PIECES_MAX 32

/*
 * Reads the ELF header of the image (len bytes) and lists its pieces: the
 * PT_LOAD program headers (by_phdr; p_paddr) or the SHF_ALLOC sections
 * (by sections; sh_addr, SHT_NOBITS ones zeroed), every piece's file part
 * within len and address range not wrapping. Empty pieces are skipped.
 * 0 with *n pieces and *entry; -EINVAL "no ELF image" (magic), -ENOTSUP
 * (not 32-bit, little-endian, ARM, an executable), -EBADMSG (tables
 * outside the file, a piece outside it, more than ELF_PIECES_MAX pieces
 * or none), *why naming it.
 */
int elf_pieces(const void *img, size_t len, bool by_phdr, struct elf_piece *p, unsigned *n,
	       uint32_t *entry, const char **why);

#endif
