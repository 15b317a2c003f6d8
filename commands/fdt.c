// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The fdt command with U-Boot's syntax (addr, print, get, set, rm,
 * resize), all through libfdt (Devicetree Specification v0.4, chapter 5
 * "Flattened Devicetree (DTB) Format"). No TRM chapter.
 */
#include <libfdt.h>

#include "common/cli.h"
#include "common/environment.h"
#include "lib/shell/cmdargs.h"
#include "lib/errno.h"
#include "lib/boot/fdt_fixup.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"

#define VAL_MAX 256

static void *fdt;

uint32_t cmd_fdt_addr(void)
{
	return (uint32_t)(uintptr_t)fdt;
}

static int no_tree(void)
{
	if (fdt)
		return 0;
	pr_err("error: fdt: no tree: 'fdt addr <addr>' first\n");
	return -ENOENT;
}

static int fdt_fail(char *const argv[], const char *what, int err)
{
	pr_err("error: fdt: %s: %s\n", what, fdt_strerror(err));
	return err == -FDT_ERR_NOTFOUND ? -ENOENT : -EINVAL;
}

/* The tree is rewritten in place: [fdt, fdt + size) must be free RAM. */
static int writable(char *const argv[], uint32_t size)
{
	return cmd_ram_check(argv, cmd_fdt_addr(), size, 4, true);
}

static bool is_strings(const uint8_t *v, int len)
{
	if (!len || v[0] == 0 || v[len - 1])
		return false;
	for (int i = 0; i < len; i++) {
		if (v[i] ? v[i] < 0x20 || v[i] > 0x7e : i + 1 < len && v[i + 1] == 0)
			return false;
	}
	return true;
}

/* dtc's notation ("a", "b" / <0x1 0x2> / [01 02]) for printing; without
 * the quotes and brackets for a variable (only the first string). */
static void format(char *out, size_t size, const uint8_t *v, int len, bool var)
{
	size_t n = 0;

	out[0] = 0;
	if (is_strings(v, len)) {
		if (var) {
			snprintf(out, size, "%s", (const char *)v);
			return;
		}
		for (int i = 0; i < len && n < size; i += strlen((const char *)v + i) + 1)
			n += snprintf(out + n, size - n, "%s\"%s\"", i ? ", " : "", v + i);
		return;
	}
	if (!len)
		return;
	n = snprintf(out, size, "%s", var ? "" : len & 3 ? "[" : "<");
	for (int i = 0; i < len && n < size; i += len & 3 ? 1 : 4) {
		const char *sep = i ? " " : "";

		if (len & 3)
			n += snprintf(out + n, size - n, "%s%02x", sep, v[i]);
		else
			n += snprintf(out + n, size - n, "%s0x%08x", sep, (unsigned)fdt32_ld(
				      (const fdt32_t *)(v + i)));
	}
	if (!var && n < size)
		snprintf(out + n, size - n, "%s", len & 3 ? "]" : ">");
}

static void print_prop(int depth, const char *name, const void *v, int len)
{
	char buf[VAL_MAX];

	format(buf, sizeof(buf), v, len, false);
	printf("%*s%s%s%s;\n", depth * 4, "", name, len ? " = " : "", buf);
}

static int do_print(char *const argv[], const char *path)
{
	int off = fdt_path_offset(fdt, path), depth = 0, prev, p, len;
	const char *name;
	const void *v;

	if (off < 0)
		return fdt_fail(argv, path, off);
	do {
		name = fdt_get_name(fdt, off, NULL);
		printf("%*s%s {\n", depth * 4, "", name && *name ? name : "/");
		fdt_for_each_property_offset(p, fdt, off) {
			v = fdt_getprop_by_offset(fdt, p, &name, &len);
			if (v)
				print_prop(depth + 1, name, v, len);
		}
		prev = depth;
		off = fdt_next_node(fdt, off, &depth);
		if (off < 0 || depth < 1)
			depth = 0;
		for (; prev >= depth; prev--)
			printf("%*s};\n", prev * 4, "");
		if (cli_ctrlc())
			return -ECANCELED;
	} while (depth > 0);
	return 0;
}

/* U-Boot's value syntax: <cells> (0x hex or decimal), [hex bytes], else
 * each word a string of a string list. */
static int parse_value(char *const argv[], int argc, int i, uint8_t *out, int *len)
{
	char open = argv[i][0], tok[24];
	unsigned long v;

	*len = 0;
	if (open != '<' && open != '[') {
		for (; i < argc; i++) {
			size_t n = strlen(argv[i]) + 1;

			if (*len + n > VAL_MAX)
				return cmd_error(argv, "value too long");
			memcpy(out + *len, argv[i], n);
			*len += (int)n;
		}
		return 0;
	}
	for (; i < argc; i++) {
		for (const char *p = argv[i]; *p;) {
			size_t n = 0;

			if (*p == open || *p == ' ' || *p == (open == '<' ? '>' : ']')) {
				p++;
				continue;
			}
			while (p[n] && p[n] != ' ' && p[n] != '>' && p[n] != ']' && n < sizeof(tok) - 1)
				n++;
			memcpy(tok, p, n);
			tok[n] = 0;
			p += n;
			if (open == '[' ? parse_ulong(tok, &v) || v > 0xFF : parse_ulong_dec(tok, &v) ||
			    v > 0xFFFFFFFFul)
				return cmd_error(argv, "bad value '%s'", tok);
			if (*len + 4 > VAL_MAX)
				return cmd_error(argv, "value too long");
			if (open == '[') {
				out[(*len)++] = (uint8_t)v;
			} else {
				fdt32_st(out + *len, (uint32_t)v);
				*len += 4;
			}
		}
	}
	return 0;
}

static int do_set(char *const argv[], int argc)
{
	uint8_t val[VAL_MAX];
	int len, node, err;
	uint32_t size;

	if (argc < 4)
		return cmd_usage(argv);
	node = fdt_path_offset(fdt, argv[2]);
	if (node < 0)
		return fdt_fail(argv, argv[2], node);
	len = 0;
	if (argc > 4 && parse_value(argv, argc, 4, val, &len))
		return -EINVAL;
	size = fdt_totalsize(fdt);
	if (writable(argv, size))
		return -EINVAL;
	err = fdt_setprop(fdt, node, argv[3], val, len);
	if (err == -FDT_ERR_NOSPACE) {
		/* Grow the tree in place, as `fdt resize` would. */
		size += len + strlen(argv[3]) + 64;
		if (writable(argv, size))
			return -EINVAL;
		err = fdt_open_into(fdt, fdt, (int)size);
		if (!err)
			err = fdt_setprop(fdt, node, argv[3], val, len);
	}
	return err ? fdt_fail(argv, argv[3], err) : 0;
}

static int do_fdt(int argc, char *const argv[])
{
	const char *sub = argc > 1 ? argv[1] : "";
	unsigned long v;
	const void *val;
	char buf[VAL_MAX];
	int off, len, err, i;
	const char *why = NULL;

	if (!strcmp(sub, "addr") && argc <= 3) {
		if (argc == 2) {
			printf("fdt: 0x%08x\n", (unsigned)cmd_fdt_addr());
			return 0;
		}
		if (arg_hex(argv, 2, "address", 0xFFFFFFFFul, &v) ||
		    cmd_ram_check(argv, v, 40, 4, false))
			return -EINVAL;
		err = fdt_check_header((void *)v);
		if (err)
			return cmd_error(argv, "no device tree at 0x%08lx (%s)", v, fdt_strerror(err));
		if (cmd_ram_check(argv, v, fdt_totalsize((void *)v), 4, false))
			return -EINVAL;
		/* The same checks as before a boot: a damaged tree must not
		 * send `fdt print` round a loop in libfdt. */
		err = fdtfix_check((void *)v, fdt_totalsize((void *)v), &why);
		if (err)
			return cmd_error(argv, "device tree at 0x%08lx refused: %s", v, why);
		fdt = (void *)v;
		return 0;
	}
	if (!strcmp(sub, "print") && argc <= 3)
		return no_tree() ?: do_print(argv, argc > 2 ? argv[2] : "/");
	if (!strcmp(sub, "set"))
		return no_tree() ?: do_set(argv, argc);
	if (!strcmp(sub, "get") && (argc == 4 || (argc == 6 && !strcmp(argv[2], "value")))) {
		if (no_tree())
			return -ENOENT;
		i = argc - 2;
		off = fdt_path_offset(fdt, argv[i]);
		if (off < 0)
			return fdt_fail(argv, argv[i], off);
		val = fdt_getprop(fdt, off, argv[i + 1], &len);
		if (!val)
			return fdt_fail(argv, argv[i + 1], len);
		format(buf, sizeof(buf), val, len, argc == 6);
		if (argc == 4) {
			printf("%s\n", buf);
			return 0;
		}
		err = var_set(argv[3], buf);
		if (err)
			return cmd_error(argv, "cannot set '%s' (%s)", argv[3], errname(err));
		return 0;
	}
	if (!strcmp(sub, "rm") && (argc == 3 || argc == 4)) {
		if (no_tree())
			return -ENOENT;
		off = fdt_path_offset(fdt, argv[2]);
		if (off < 0)
			return fdt_fail(argv, argv[2], off);
		if (writable(argv, fdt_totalsize(fdt)))
			return -EINVAL;
		err = argc == 4 ? fdt_delprop(fdt, off, argv[3]) : fdt_del_node(fdt, off);
		return err ? fdt_fail(argv, argv[argc - 1], err) : 0;
	}
	if (!strcmp(sub, "resize") && argc <= 3) {
		if (no_tree())
			return -ENOENT;
		v = 0x1000;
		if (argc == 3 && arg_hex(argv, 2, "size", 0x100000, &v))
			return -EINVAL;
		v += fdt_totalsize(fdt);
		if (writable(argv, v))
			return -EINVAL;
		err = fdt_open_into(fdt, fdt, (int)v);
		if (err)
			return fdt_fail(argv, "resize", err);
		printf("fdt: %u bytes\n", (unsigned)fdt_totalsize(fdt));
		return 0;
	}
	return cmd_usage(argv);
}
CMD(fdt, "fdt", do_fdt,
    "fdt addr [addr] | print [path] | get [value <var>] <path> <prop> | "
    "set <path> <prop> [value] | rm <path> [prop] | resize [extra]",
    "show or edit a device tree in RAM");
