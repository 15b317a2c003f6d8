/* SPDX-License-Identifier: GPL-2.0-or-later */
/* extlinux.conf parsing (the syslinux/U-Boot "sysboot" subset) and the
 * resolution of the paths it names. */
#ifndef LIB_BOOT_EXTLINUX_H
#define LIB_BOOT_EXTLINUX_H

#include <stdbool.h>
#include <stddef.h>

#define EXTLINUX_MAX_LABELS 16
#define EXTLINUX_NAME_MAX   64    /* label names, menu labels, title */
#define EXTLINUX_PATH_MAX   128
#define EXTLINUX_APPEND_MAX 1024  /* ARM's COMMAND_LINE_SIZE */

struct extlinux_label {
	char name[EXTLINUX_NAME_MAX];
	char menu[EXTLINUX_NAME_MAX];     /* MENU LABEL */
	char kernel[EXTLINUX_PATH_MAX];   /* KERNEL or LINUX */
	char initrd[EXTLINUX_PATH_MAX];
	char fdt[EXTLINUX_PATH_MAX];      /* FDT or DEVICETREE */
	char fdtdir[EXTLINUX_PATH_MAX];   /* FDTDIR or DEVICETREEDIR */
	char append[EXTLINUX_APPEND_MAX];
	bool has_fdtdir;                  /* FDTDIR given (it may be empty) */
};

/* About 27 KiB: give it a home in SDRAM, not on the stack. */
struct extlinux_conf {
	char default_label[EXTLINUX_NAME_MAX];
	/* Labels after the first EXTLINUX_MAX_LABELS are not kept, but the
	 * one DEFAULT names is, in the last slot, wherever it stands: U-Boot
	 * keeps every label, and a DEFAULT must not depend on the count. */
	unsigned nleft_out;               /* labels seen but not kept */
	char title[EXTLINUX_NAME_MAX];
	unsigned timeout;                 /* tenths of a second */
	bool has_timeout;
	bool prompt;
	unsigned nlabels;
	struct extlinux_label labels[EXTLINUX_MAX_LABELS + 1];
};

/* Told about each line that is not used as written: an unknown or
 * unsupported keyword, a missing or bad argument, a value too long, a label
 * too many. word is the keyword, or for a LABEL line the label's name (cut
 * to 31 bytes); it is the file's bytes, to be escaped before printing. */
typedef void (*extlinux_warn_fn)(void *arg, unsigned line, const char *msg, const char *word);

/* Parses len bytes of text into conf. Keywords are case-insensitive, # starts
 * a comment line, CRLF and leading blanks are fine. A bad line is reported
 * and skipped; the rest of the file still counts. The first
 * EXTLINUX_MAX_LABELS labels are kept, and the label DEFAULT (or MENU
 * DEFAULT, the last of them) names if it comes later: nlabels is then
 * EXTLINUX_MAX_LABELS + 1. Returns the number of reported lines (0: clean). */
int extlinux_parse(struct extlinux_conf *conf, const char *text, size_t len,
		   extlinux_warn_fn warn, void *arg);

/* Index of the label named by DEFAULT (or MENU DEFAULT), else 0; -ENOENT
 * when there are no labels. */
int extlinux_default(const struct extlinux_conf *conf);

/* Resolves path as U-Boot's sysboot does: an absolute path is used as it is,
 * a relative one is taken from the directory that holds the config file
 * conf_path ("/boot/extlinux/extlinux.conf" and "../zImage" give
 * "/boot/extlinux/../zImage"). Returns 0 or -ENAMETOOLONG. */
int extlinux_path(char *out, size_t size, const char *conf_path, const char *path);

/* The device tree a label asks for: its FDT, else FDTDIR joined with the
 * board's dtb_name ("omap3-gta04a5.dtb"), resolved as above. Returns 0,
 * -ENOENT when the label names neither, or -ENAMETOOLONG. */
int extlinux_fdt_path(char *out, size_t size, const char *conf_path,
		      const struct extlinux_label *label, const char *dtb_name);

#endif
