// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ConOut on the board's screen (docs/uefi.md "The screen for EFI
 * applications"): while an image started by bootefi runs, the screen is
 * lent to it (common/display.c) and efi/console.c draws each cell of its
 * text grid here too, as U-Boot's EFI console writes to its video
 * console. The attribute's colours are the 16 of UEFI 2.10 12.4
 * (EFI_BLACK .. EFI_WHITE, the background the low 8), as the VGA palette
 * shows them.
 */
#include "common/display.h"
#include "efi/efi.h"

#define RGB(r, g, b)	(uint16_t)(((r) >> 3) << 11 | ((g) >> 2) << 5 | (b) >> 3)

static const uint16_t palette[16] = {
	RGB(0, 0, 0), RGB(0, 0, 170), RGB(0, 170, 0), RGB(0, 170, 170),
	RGB(170, 0, 0), RGB(170, 0, 170), RGB(170, 85, 0), RGB(170, 170, 170),
	RGB(85, 85, 85), RGB(85, 85, 255), RGB(85, 255, 85), RGB(85, 255, 255),
	RGB(255, 85, 85), RGB(255, 85, 255), RGB(255, 255, 85), RGB(255, 255, 255),
};

static bool lent;

static uint16_t fg(uint32_t attr)
{
	return palette[attr & 15];
}

static uint16_t bg(uint32_t attr)
{
	return palette[(attr >> 4) & 7];
}

void efi_fbcon_size(unsigned *cols, unsigned *rows)
{
	display_text_size(cols, rows);
}

void efi_fbcon_start(void)
{
	unsigned cols, rows;

	display_text_size(&cols, &rows);
	if (!cols)
		return;
	display_lend(true);
	lent = true;
}

void efi_fbcon_stop(void)
{
	if (lent)
		display_lend(false);
	lent = false;
}

void efi_fbcon_put(unsigned col, unsigned row, char16 c, uint32_t attr)
{
	if (lent)
		display_cell(col, row, c, fg(attr), bg(attr));
}

void efi_fbcon_scroll(unsigned rows, uint32_t attr)
{
	if (lent)
		display_scroll(0, rows, bg(attr));
}

void efi_fbcon_clear(uint32_t attr)
{
	if (lent)
		display_clear(bg(attr));
}
