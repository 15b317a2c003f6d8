// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * `bootefi hello`'s application, as U-Boot has one built in: a PE32 image
 * for 32-bit Arm made here in memory (the layout: Microsoft's PE format,
 * UEFI 2.10 2.1.1), whose ARM code prints "Hello, world!" through
 * ConOut->OutputString and returns EFI_SUCCESS. It goes through the same
 * PE loader and StartImage as any image.
 */
#include "efi/efi.h"

#include "lib/string.h"

#define HDR  0x200u   /* SizeOfHeaders, FileAlignment */
#define TEXT 0x1000u  /* the section's RVA, SectionAlignment */

static uint8_t pe[2 * HDR] __attribute__((aligned(8)));

static void put(uint32_t off, uint32_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		pe[off + i] = (uint8_t)(v >> (8 * i));
}

/* ARM state, entered by BLX with r0 the image handle, r1 the system table */
static const uint32_t code[] = {
	0xE92D4010,   /* push {r4, lr} */
	0xE591002C,   /* ldr r0, [r1, #44]    ConOut */
	0xE5903004,   /* ldr r3, [r0, #4]     OutputString */
	0xE28F1008,   /* add r1, pc, #8       the text, behind the code */
	0xE12FFF33,   /* blx r3 */
	0xE3A00000,   /* mov r0, #0           EFI_SUCCESS */
	0xE8BD8010,   /* pop {r4, pc} */
};

const void *efi_hello(uint32_t *size)
{
	static const char text[] = "Hello, world!\r\n";
	uint32_t o = 0x40, t = HDR + sizeof(code);

	memset(pe, 0, sizeof(pe));
	pe[0] = 'M';
	pe[1] = 'Z';
	put(0x3c, o, 4);
	memcpy(pe + o, "PE\0\0", 4);
	put(o + 4, PE_MACHINE_THUMB, 2);
	put(o + 6, 1, 2);             /* one section */
	put(o + 20, 0xE0, 2);         /* SizeOfOptionalHeader */
	put(o + 22, 0x0102, 2);       /* executable, 32-bit */
	o += 24;
	put(o, 0x10B, 2);             /* PE32 */
	put(o + 4, HDR, 4);           /* SizeOfCode */
	put(o + 16, TEXT, 4);         /* AddressOfEntryPoint */
	put(o + 20, TEXT, 4);         /* BaseOfCode */
	put(o + 32, TEXT, 4);         /* SectionAlignment */
	put(o + 36, HDR, 4);          /* FileAlignment */
	put(o + 56, 2 * TEXT, 4);     /* SizeOfImage */
	put(o + 60, HDR, 4);          /* SizeOfHeaders */
	put(o + 68, PE_SUBSYSTEM_EFI_APPLICATION, 2);
	put(o + 92, 16, 4);           /* NumberOfRvaAndSizes */
	o += 0xE0;
	memcpy(pe + o, ".text", 5);
	put(o + 8, HDR, 4);           /* VirtualSize */
	put(o + 12, TEXT, 4);         /* VirtualAddress */
	put(o + 16, HDR, 4);          /* SizeOfRawData */
	put(o + 20, HDR, 4);          /* PointerToRawData */
	put(o + 36, 0x60000020u, 4);  /* code, execute, read */
	memcpy(pe + HDR, code, sizeof(code));
	for (unsigned i = 0; i < sizeof(text); i++)
		put(t + 2 * i, (uint8_t)text[i], 2);
	*size = sizeof(pe);
	return pe;
}
