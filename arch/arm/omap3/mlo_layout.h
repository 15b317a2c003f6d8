/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The layout of an MLO, the one place it is written down: the firmware (C
 * and start.S), tools/mkmlo.c and tools/packcold.py (which reads the
 * #defines) take it from here. What the boot ROM reads is in the TRM's
 * chapter "Initialization" (image format, MMC/SD and NAND booting; quoted
 * in docs/rom.md); gtaboot's descriptor and trailer are docs/design.md
 * "Two images". The simulator's ROM model does not use this file:
 * it is written from the TRM on its own.
 *
 * Plain #defines of numbers only (MM_U() from memmap.h for unsigned), so
 * that this file means the same to C, the assembler and a script.
 */
#ifndef ARCH_ARM_OMAP3_MLO_LAYOUT_H
#define ARCH_ARM_OMAP3_MLO_LAYOUT_H

#include "arch/arm/omap3/memmap.h"

/* ---- what the ROM reads */
/* The GP header: u32 size (the bytes the ROM loads), u32 load address. */
#define MLO_GP_BYTES      MM_U(8)
/* gtaboot is linked to run where the ROM loads it. */
#define MLO_LOAD          SRAM_BASE
/* The optional configuration header in front of the GP header (needed in
 * raw mode): 512 bytes, a TOC of 32-byte entries whose name field is at
 * +0x14; gtaboot's has one entry, CHSETTINGS at MLO_CH_SETTINGS_OFF, with
 * the section's key and valid = 0 (the ROM applies nothing). */
#define MLO_CH_BYTES      MM_U(512)
#define MLO_CH_NAME_OFF   MM_U(0x14)
#define MLO_CH_SETTINGS_OFF MM_U(0x40)
#define MLO_CH_SETTINGS_KEY MM_U(0xC0C0C0C1)
/* Raw-mode SD: a CH at sectors 0, 256, 512 and 768 (the copies 128 KiB
 * apart). */
#define MLO_RAW_COPIES    4
#define MLO_RAW_STRIDE    MM_U(256)
/* NAND: a copy at the start of each of blocks 0-3. */
#define MLO_NAND_COPIES   4
/* So a whole MLO (with its CH, in raw mode) must fit one 128 KiB copy
 * slot: a NAND block, or the raw-mode stride. The early part reads the
 * rest of the image from the same slot. */
#define MLO_COPY_MAX      MM_U(0x20000)

/* ---- gtaboot's descriptor (start.S), at a fixed offset of the image:
 * u32 magic "GMLO", u32 early (the bytes the ROM must load, the GP size
 * of MLO), u32 total (image bytes, trailer included), u32 CRC-32 of the
 * image bytes [early, total - 4), which is also the image's last word. */
#define MLO_DESC_OFF      MM_U(0x3C)
#define MLO_DESC_MAGIC    MM_U(0x4F4C4D47)
#define MLO_DESC_EARLY    MM_U(4)
#define MLO_DESC_TOTAL    MM_U(8)
#define MLO_DESC_CRC      MM_U(12)
#define MLO_DESC_BYTES    MM_U(16)
#define MLO_TRAILER_BYTES MM_U(4)

/* ---- the late part behind it (arch/arm/late.S): the SDRAM image's head,
 * which runs from SRAM right behind the early image. Its first word is
 * its entry (ARM code), its second its length in bytes. */
#define MLO_LATE_LEN_OFF  MM_U(4)

/* ---- the packed cold part behind the late part (tools/packcold.py,
 * arch/arm/cold.c): u32 length of what follows, then u32 length of the
 * first stream, the first stream, the second stream. Each stream is raw
 * LZMA1 (end marker included) of the ARM-Thumb BCJ-filtered bytes of one
 * piece of the cold part: the first from __cold_start to __cold_tail
 * (what the boot needs, arch/arm/gtaboot.ld), BCJ start offset 0; the second from
 * __cold_tail to __cold_end, BCJ start offset __cold_tail - __cold_start,
 * unpacked when first touched. The second has the first (as packed,
 * before the BCJ filter is undone) as its preset dictionary, as xz's
 * preset_dict: it starts with fresh probabilities and state, its matches
 * may reach back into the first (1.8 KB smaller than two independent
 * streams); the decoder keeps the first's bytes in COLD_DICT for it, so
 * the first can be run, and written to, before the second is unpacked.
 * The fixed properties: literal context and position bits, position
 * bits; the encoder's dictionary covers the whole cold window (COLD_MAX):
 * the decoder uses its output as the dictionary. lc 3 / lp 1 / pb 1 suit Thumb code (halfword-aligned):
 * 1.6 % smaller than 3/0/2, for 28 KiB of probabilities (COLD_WORK). */
#define MLO_LZMA_LC       3
#define MLO_LZMA_LP       1
#define MLO_LZMA_PB       1
#define MLO_LZMA_DICT     MM_U(0x80000)

#endif
