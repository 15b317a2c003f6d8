// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The screen left out of the build (make DISPLAY=0): every entry point of
 * common/display.h does nothing, so the boot flow, the menu (serial and
 * buttons) and the DTB fix-ups run unchanged without one. The Makefile
 * links either this file or display.c.
 */
#include "common/display.h"

#include "board/board.h"
#include "lib/printf.h"

void display_prepare(void)
{
}

bool display_start(void)
{
	if (board.display)
		printf("display: not in this build (DISPLAY=0)\n");
	return false;
}

bool display_active(void)
{
	return false;
}

void display_charging(bool on)
{
}

void display_stop(void)
{
}

void display_show(uint32_t fb, uint32_t colour)
{
}

void display_backlight(unsigned level)
{
}

void display_progress_begin(const char *what, uint32_t total)
{
}

void display_progress_end(bool ok)
{
}

void display_menu(const char *title, const char *(*item)(unsigned i), unsigned n, unsigned sel,
		  const char *hint)
{
}

void display_menu_close(void)
{
}

int display_menu_row(unsigned raw_y)
{
	return -1;
}

void display_handoff(void)
{
}

int display_fdt(void *fdt, const char **why)
{
	return 0;
}

void display_lend(bool lent)
{
}

void display_text_size(unsigned *cols, unsigned *rows)
{
	*cols = *rows = 0;
}

void display_cell(unsigned col, unsigned row, uint32_t cp, uint16_t fg, uint16_t bg)
{
}

void display_scroll(unsigned row0, unsigned row_end, uint16_t bg)
{
}

void display_clear(uint16_t bg)
{
}
