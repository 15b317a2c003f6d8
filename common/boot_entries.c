// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Finding what to boot: the SD card's boot partition, its uEnv.txt and
 * extlinux.conf, a label's paths, else the default file names and the
 * board's DTB.
 */
#include "board/board.h"
#include "common/boot_internal.h"
#include "common/bootfs.h"
#include "common/escape.h"
#include "common/storage.h"
#include "common/sysinfo.h"
#include "common/environment.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"

#define CONF_MAX 0x10000u   /* extlinux.conf larger than 64 KiB is refused */

static struct fs *fs, *scan_fs;
static bool fs_ok;
static struct extlinux_conf *conf;
static bool conf_ok;
static const char *conf_path;
/* boot_use_conf() replaced the boot partition's extlinux.conf. */
static bool conf_other;
static char other_path[EXTLINUX_PATH_MAX];
static char *conf_text;

static const char *const conf_paths[] = {
	"/extlinux/extlinux.conf",
	"/boot/extlinux/extlinux.conf",
};

struct fs *boot_fs(void)
{
	return fs_ok ? fs : NULL;
}

const struct extlinux_conf *boot_conf(void)
{
	return conf_ok ? conf : NULL;
}

static void conf_warn(void *arg, unsigned line, const char *msg, const char *word)
{
	printf("%s:%u: %s%s%s\n", esc(arg), line, msg, word && *word ? ": " : "",
	       esc(word));
}

/* The text buffer and the parsed labels are allocated once and reused by
 * every extlinux.conf read after. */
static int conf_buffers(void)
{
	if (!conf_text)
		conf_text = scratch_alloc(CONF_MAX);
	if (!conf)
		conf = scratch_alloc(sizeof(*conf));
	return conf_text && conf ? 0 : -ENOMEM;
}

/* path on fs parsed into conf; -ENOENT when it is not there. */
static int parse_conf(const char *path)
{
	struct fs_stat st;
	uint32_t len;
	int err = fs_stat(fs, path, &st);

	if (err == -ENOENT || err == -ENOTDIR)
		return -ENOENT;
	if (!err)
		err = fs_read(fs, path, conf_text, CONF_MAX, &len);
	if (err) {
		pr_err("boot: cannot read %s (%s)\n", esc(path), errname(err));
		return err;
	}
	conf_path = path;
	extlinux_parse(conf, conf_text, len, conf_warn, (void *)conf_path);
	printf("boot: %s, %u label%s\n", esc(conf_path), conf->nlabels, conf->nlabels == 1 ? "" : "s");
	if (conf->nleft_out)
		printf("boot: %s: %u more label%s not kept (the first %u and the DEFAULT are)\n",
		       esc(conf_path), conf->nleft_out, conf->nleft_out == 1 ? "" : "s",
		       EXTLINUX_MAX_LABELS);
	conf_ok = conf->nlabels > 0;
	if (!conf_ok)
		printf("boot: %s has no LABEL: using the default file names\n", esc(conf_path));
	return 0;
}

static int read_conf(void)
{
	int err = conf_buffers();

	conf_ok = false;
	conf_path = NULL;
	for (unsigned i = 0; !err && i < sizeof(conf_paths) / sizeof(conf_paths[0]); i++) {
		if (parse_conf(conf_paths[i]) != -ENOENT)
			return 0;
	}
	return err ? err : -ENOENT;
}

int boot_use_conf(struct fs *f, const char *path)
{
	int err;

	if (f == scan_fs && !conf_other && conf_path && !strcmp(conf_path, path))
		return conf_ok ? 0 : -ENOENT;
	if (strlen(path) >= sizeof(other_path))
		return -ENAMETOOLONG;
	err = conf_buffers();
	if (err)
		return err;
	memcpy(other_path, path, strlen(path) + 1);
	fs = f;
	fs_ok = true;
	conf_other = true;
	conf_ok = false;
	err = parse_conf(other_path);
	if (err == -ENOENT)
		pr_err("boot: %s not found\n", esc(path));
	return err ? err : conf_ok ? 0 : -ENOENT;
}

void boot_restore_conf(void)
{
	if (!conf_other)
		return;
	conf_other = false;
	fs = scan_fs;
	fs_ok = scan_fs != NULL;
	conf_ok = false;
	if (fs_ok)
		read_conf();
}

static void env_warn(void *arg, unsigned line, const char *why, const char *name)
{
	printf("%s:%u: %s%s%s: line ignored\n", (const char *)arg, line, why,
	       name && *name ? ": " : "", esc(name));
}

/* Variables from /uEnv.txt (U-Boot's convention) or /boot/uEnv.txt:
 * bootargs, bootdelay, bootlimit, altboot ... Read into the extlinux.conf
 * buffer, which is free until read_conf(): U-Boot's env import -t takes a
 * file of any size, so a large one loses only its lines too long (one at
 * a time, env_import), and of one over CONF_MAX only what lies past it. */
static void read_uenv(void)
{
	static const char *const paths[] = { "/uEnv.txt", "/boot/uEnv.txt" };
	uint32_t len, size;
	int n;

	if (conf_buffers())
		return;
	for (unsigned i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		int err = fs_read_head(fs, paths[i], conf_text, CONF_MAX, &size);

		if (err == -ENOENT || err == -ENOTDIR)
			continue;
		if (err) {
			pr_err("boot: cannot read %s (%s)\n", paths[i], errname(err));
			return;
		}
		len = size;
		if (size > CONF_MAX) {
			/* The line the buffer ends in is cut: not imported. */
			len = CONF_MAX;
			while (len && conf_text[len - 1] != '\n')
				len--;
			printf("boot: %s is %u bytes: only its first %u read (to line end)\n",
			       paths[i], (unsigned)size, (unsigned)len);
		}
		n = env_import(&sysenv, conf_text, len, env_warn, (void *)paths[i]);
		printf("boot: %s: %d variable%s\n", paths[i], n, n == 1 ? "" : "s");
		return;
	}
}

int boot_scan(void)
{
	int err;

	fs_ok = conf_ok = false;
	fs = scan_fs = bootfs_scan(conf_paths, sizeof(conf_paths) / sizeof(conf_paths[0]), &err);
	if (!fs)
		return err;
	fs_ok = true;
	read_uenv();
	read_conf();
	return 0;
}

unsigned boot_delay_ms(void)
{
	if (conf_ok && conf->has_timeout)
		return conf->timeout * 100;
	return (unsigned)var_num("bootdelay", 1) * 1000;
}

int boot_find_label(const char *name)
{
	for (unsigned i = 0; conf_ok && name && i < conf->nlabels; i++) {
		if (!strcmp(conf->labels[i].name, name))
			return (int)i;
	}
	return -ENOENT;
}

/* 1: path is a file, 0: it is not there; else the error that kept it from
 * being looked at, said: "not found" is only said of what could be read. */
static int find_file(const char *who, const char *path)
{
	struct fs_stat st;
	int err = fs_stat(fs, path, &st);

	if (!err)
		return !st.is_dir;
	if (err == -ENOENT || err == -ENOTDIR)
		return 0;
	pr_err("%s: cannot read %s (%s)\n", who, path, errname(err));
	return err;
}

/* The DTB the board takes when its own is not on the card, or NULL. */
static const char *dtb_fallback(const char *name)
{
	const char *const (*f)[2] = board_env.dtb_fallback;

	for (; f && (*f)[0]; f++)
		if (!strcmp((*f)[0], name))
			return (*f)[1];
	return NULL;
}

/* name in /, /boot or /boot/dtbs: 0 (out set), -ENOENT or a read error. */
static int find_dtb(const char *name, char *out, size_t size)
{
	static const char *const dirs[] = { "", "/boot", "/boot/dtbs" };
	int f, err = -ENOENT;

	for (unsigned i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(out, size, "%s/%s", dirs[i], name);
		f = find_file("fdt", out);
		if (f > 0)
			return 0;
		if (f < 0)
			err = f;
	}
	return err;
}

/* The board's DTB in /, /boot or /boot/dtbs, else its fallback there. */
static int find_default_fdt(char *out, size_t size)
{
	const char *name = sys_dtb_name(), *alt = dtb_fallback(name);
	int err = find_dtb(name, out, size);

	if (err != -ENOENT)
		return err;
	if (alt && !find_dtb(alt, out, size)) {
		pr_warn("fdt: warning: %s not found in /, /boot or /boot/dtbs: using %s\n", name,
			out);
		return 0;
	}
	pr_err("fdt: %s not found in /, /boot or /boot/dtbs\n", name);
	return -ENOENT;
}

int boot_default_fdt_path(char *out, size_t size)
{
	if (!boot_fs()) {
		pr_warn("fdt: no boot partition to look for %s on\n", sys_dtb_name());
		return -ENODEV;
	}
	return find_default_fdt(out, size);
}

int boot_label_paths(const struct extlinux_label *l, char *kernel, char *initrd, char *fdt,
		     size_t fdt_size)
{
	const char *name = sys_dtb_name(), *alt = dtb_fallback(name);
	char alt_path[EXTLINUX_PATH_MAX + 64];
	int err;

	initrd[0] = 0;
	if (extlinux_path(kernel, EXTLINUX_PATH_MAX, conf_path, l->kernel) ||
	    (l->initrd[0] && extlinux_path(initrd, EXTLINUX_PATH_MAX, conf_path, l->initrd))) {
		pr_err("boot: label '%s': path too long\n", esc(l->name));
		return -ENAMETOOLONG;
	}
	err = extlinux_fdt_path(fdt, fdt_size, conf_path, l, name);
	if (err == -ENOENT)
		return find_default_fdt(fdt, fdt_size);
	/* FDTDIR joined with the board's name: its fallback in the same
	 * directory when the name is not there. */
	if (!err && !l->fdt[0] && alt && !find_file("fdt", fdt) &&
	    !extlinux_fdt_path(alt_path, sizeof(alt_path), conf_path, l, alt) &&
	    find_file("fdt", alt_path) > 0 && strlen(alt_path) < fdt_size) {
		pr_warn("fdt: warning: label '%s': %s not found: using %s\n", esc(l->name),
			esc(fdt), esc(alt_path));
		memcpy(fdt, alt_path, strlen(alt_path) + 1);
	}
	return err;
}

int boot_default_paths(const char **kernel, const char **initrd, char *fdt, size_t fdt_size)
{
	static const char *const kernels[] = { "/zImage", "/uImage", "/boot/zImage",
					       "/boot/uImage" };
	static const char *const initrds[] = { "/uInitrd", "/initrd.img", "/boot/uInitrd",
					       "/boot/initrd.img" };
	int f, err = 0;

	*kernel = *initrd = NULL;
	for (unsigned i = 0; i < sizeof(kernels) / sizeof(kernels[0]) && !*kernel; i++) {
		f = find_file("boot", kernels[i]);
		if (f > 0)
			*kernel = kernels[i];
		else if (f < 0)
			err = f;
	}
	if (!*kernel) {
		/* Of files that could not be read, "no zImage" may be false. */
		if (err)
			return err;
		pr_err("boot: no zImage or uImage in / or /boot\n");
		return -ENOENT;
	}
	for (unsigned i = 0; i < sizeof(initrds) / sizeof(initrds[0]) && !*initrd; i++) {
		f = find_file("boot", initrds[i]);
		if (f > 0)
			*initrd = initrds[i];
		else if (f < 0)
			return f;
	}
	return find_default_fdt(fdt, fdt_size);
}
