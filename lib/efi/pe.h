/* SPDX-License-Identifier: GPL-2.0-or-later */
/* PE32 EFI images for 32-bit ARM: header checks, section loading and base
 * relocations (Microsoft PE/COFF specification; UEFI 2.10, 2.1.1). */
#ifndef LIB_EFI_PE_H
#define LIB_EFI_PE_H

#include <stddef.h>
#include <stdint.h>

/* The COFF machine types a 32-bit ARM UEFI loader takes: ARM (0x01c0),
 * THUMB (0x01c2, the UEFI specification's ARMTHUMB_MIXED, what Debian's
 * systemd-boot, GRUB and Linux's EFI stub carry) and ARMNT (0x01c4), the
 * same three as U-Boot's lib/efi_loader/efi_image_loader.c. */
#define PE_MACHINE_ARM    0x01c0
#define PE_MACHINE_THUMB  0x01c2
#define PE_MACHINE_ARMNT  0x01c4

#define PE_SUBSYSTEM_EFI_APPLICATION 10
#define PE_SUBSYSTEM_EFI_BOOT_DRIVER 11

/* Base relocation types (PE/COFF "Base Relocation Types"; types 5 and 7
 * have these meanings for ARM machines only). */
#define PE_REL_ABSOLUTE     0
#define PE_REL_HIGH         1
#define PE_REL_LOW          2
#define PE_REL_HIGHLOW      3
#define PE_REL_ARM_MOV32    5
#define PE_REL_THUMB_MOV32  7

/* What pe_parse() found; offsets are into the file, RVAs into the image. */
struct pe_image {
	uint16_t machine, subsystem, characteristics, nsections;
	uint32_t image_base;     /* the address the image was linked for */
	uint32_t size_of_image;  /* bytes the loaded image spans */
	uint32_t size_of_headers;
	uint32_t section_align;  /* the load address must be a multiple */
	uint32_t entry;          /* AddressOfEntryPoint, an RVA */
	uint32_t sections_off;   /* file offset of the section table */
	uint32_t reloc_rva, reloc_size; /* base relocation directory, 0 if none */
};

/* What pe_relocate() did, and where it stopped on an error. */
struct pe_reloc_info {
	uint32_t count[16];      /* relocations seen, by type */
	uint32_t lo, hi;         /* lowest RVA patched, end of the highest (hi 0: none) */
	uint32_t bad_rva;        /* on an error: the block or target RVA */
	uint8_t bad_type;        /* on an error: the relocation's type */
};

/*
 * Checks the MS-DOS, PE and PE32 optional headers and the section table of
 * the file (len bytes): every table and section inside the file, every
 * section and the entry point inside SizeOfImage, sections in ascending,
 * non-overlapping order. 0 and *img; -EINVAL "no PE image" (no MZ or PE
 * signature), -ENOTSUP (not 32-bit ARM, not PE32, not an EFI application
 * or boot service driver, not executable), -EBADMSG (a field out of
 * bounds), *why naming it.
 */
int pe_parse(const void *file, size_t len, struct pe_image *img, const char **why);

/*
 * Lays the parsed image out in dst (dst_size >= img->size_of_image): the
 * headers, then each section's file data at its RVA, and zeros everywhere
 * else up to dst_size. -EFBIG if dst_size is too small, -EBADMSG if the
 * file is not the one parsed (shorter).
 */
int pe_load(const struct pe_image *img, const void *file, size_t len, void *dst, size_t dst_size,
	    const char **why);

/*
 * Applies the base relocations of the image loaded in dst for running at
 * load_addr (a multiple of the section alignment): every relocation is
 * checked first (type, target inside the image, MOVW/MOVT encodings), and
 * only then are they applied, so an image with a bad one is left as
 * loaded. info may be NULL. 0; -EINVAL (load_addr misaligned), -ENOTSUP
 * (a type that is not for 32-bit ARM; relocations stripped but the image
 * must move), -EBADMSG (a block or target outside the image, a MOV32
 * relocation not at a MOVW/MOVT pair), *why naming it.
 */
int pe_relocate(const struct pe_image *img, void *dst, uint32_t load_addr,
		struct pe_reloc_info *info, const char **why);

/* "HIGHLOW", "THUMB_MOV32" ... for a relocation type, "?" if unknown. */
const char *pe_reloc_name(unsigned type);

#endif
