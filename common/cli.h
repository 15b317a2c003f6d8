/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The console's prompt loop and the helpers its commands share: argument
 * parsing with U-Boot's number syntax and the RAM check of the memory
 * commands. */
#ifndef COMMON_CLI_H
#define COMMON_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/command.h"
#include "lib/fs/fs.h"

/* U-Boot's CONFIG_SYS_CBSIZE: one console line, as U-Boot reads it */
#define CLI_LINE 1024

/* The `gtaboot> ` prompt: read a line, run it, forever. */
void cli_loop(void) __attribute__((noreturn));

/* Runs a script's text (len bytes, or up to a NUL): today line by line
 * with cmd_run_line; the hush interpreter takes it whole. Returns the
 * last command's result. Used by source, bootcmd and the distro scan. */
int cli_run_script(const char *text, size_t len);
/* Every script and run now executing ends once the current command
 * returns (status 1), as after Ctrl-C. */
void cli_stop_scripts(void);

/* "usage: <the command's usage>" for argv[0]. */
void cmd_print_usage(char *const argv[]);
/* "error: <cmd>: wrong number of arguments" and the usage; -EINVAL. */
int cmd_usage(char *const argv[]);
/* argv[i] as a hex (U-Boot's default) or decimal number no larger than
 * max; on failure "bad <what> '<text>'" and the usage, -EINVAL. */
int arg_hex(char *const argv[], int i, const char *what, unsigned long max,
	    unsigned long *v);
int arg_dec(char *const argv[], int i, const char *what, unsigned long max,
	    unsigned long *v);
/* 0 when [addr, addr + len) is RAM (an SDRAM bank or the SRAM) and addr
 * is a multiple of align; writes only to SDRAM that memcheck finds free
 * (not gtaboot's buffers or code). Otherwise an error with the usage,
 * -EINVAL. */
int cmd_ram_check(char *const argv[], uint32_t addr, uint32_t len, unsigned align, bool write);
/* Reads a console line into buf (size bytes), after prompt, with buf's
 * text already on the line to edit (U-Boot's cli_readline_into_buffer):
 * its length, or -1 for Ctrl-C. */
int cli_readline(const char *prompt, char *buf, size_t size);
/* Where the RAM addr lies in (the SRAM or an SDRAM bank) ends; addr
 * itself when it is no RAM. A bound for reading data of unknown length. */
uint32_t cmd_ram_end(uint32_t addr);
/* Where free RAM behind addr ends: gtaboot's area, the framebuffer or
 * the end of RAM, whichever comes first (a loader's bound). */
uint32_t cmd_free_end(uint32_t addr);
/* True (and the input byte consumed, "^C" printed) when Ctrl-C has been
 * typed. */
bool cli_ctrlc(void);
/* The console's shell (lib/shell/hush), set up on first use: run and the
 * commands that run scripts go through it. */
struct hush *cli_shell(void);

/* The boot menu of the extlinux labels after a stopped countdown: 0 to
 * boot the default chain, negative for the prompt (also when a chosen
 * label failed). stop is the key that stopped the countdown, or -1. */
int menu_run(int stop);
/* After the autoboot chain failed: the menu on the screen (if any) while
 * the prompt runs; AUX and the power button work from the prompt. */
void menu_after_failure(void);

/* The file system of "0" (the boot partition) or "0:N" (partition N,
 * hex) of the SD card, for the commands' "mmc <dev[:part]>"; *fs NULL
 * with *err set when it cannot be mounted. -EINVAL (printed) for a bad
 * device. */
struct fs;
int cmd_part_fs(char *const argv[], const char *dev, struct fs **fs, int *err);
/* The file system of argv[i] argv[i + 1] ("mmc" "0:1") for U-Boot's
 * "<interface> <dev[:part]>" commands, of type want (FS_NONE: any); NULL
 * after printing U-Boot's message and why (commands/fs.c). */
struct fs *cmd_fs_arg(char *const argv[], int i, enum fs_type want);
/* part start|size|number|name <interface> <dev> <part> [varname]. */
int cmd_part_info(int argc, char *const argv[]);
/* U-Boot's partition map of the SD card ("Partition Map for MMC device 0
 * --   Partition Type: DOS", then a line per partition): part list, mmc part. */
int cmd_print_parts(void);
/* The source command on the image at addr. */
int cmd_source_at(char *const argv[], uint32_t addr);

/* U-Boot's report of a legacy uImage header (name, created, type,
 * sizes, addresses, a multi-file image's parts), len bytes in all. */
void image_print_legacy(const uint8_t *h, uint32_t len);

/* The device tree `fdt addr` selected, or 0. */
uint32_t cmd_fdt_addr(void);

#endif
