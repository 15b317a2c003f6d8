// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/boot/extlinux: a Debian-style config, keywords in any case,
 * CRLF, comments, errors reported with their line numbers, limits, and path
 * resolution as U-Boot's sysboot does it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/errno.h"
#include "lib/boot/extlinux.h"

static struct extlinux_conf conf;

struct warning {
	unsigned line;
	char msg[64];
	char word[32];
};

static struct warning warnings[64];
static int nwarnings;

static void collect(void *arg, unsigned line, const char *msg, const char *word)
{
	assert_ptr_equal(arg, &conf);
	if (nwarnings < 64) {
		warnings[nwarnings].line = line;
		snprintf(warnings[nwarnings].msg, sizeof(warnings[0].msg), "%s", msg);
		snprintf(warnings[nwarnings].word, sizeof(warnings[0].word), "%s", word);
	}
	nwarnings++;
}

static int parse(const char *text)
{
	nwarnings = 0;
	return extlinux_parse(&conf, text, strlen(text), collect, &conf);
}

static void test_debian_style(void **state)
{
	const char *text =
		"## /boot/extlinux/extlinux.conf\n"
		"##\n"
		"## IMPORTANT WARNING\n"
		"\n"
		"default l0\n"
		"menu title U-Boot menu\n"
		"prompt 0\n"
		"timeout 50\n"
		"\n"
		"\n"
		"label l0\n"
		"\tmenu label Debian GNU/Linux 12 (bookworm) 6.1.0-18-armmp\n"
		"\tlinux /boot/vmlinuz-6.1.0-18-armmp\n"
		"\tinitrd /boot/initrd.img-6.1.0-18-armmp\n"
		"\tfdtdir /usr/lib/linux-image-6.1.0-18-armmp/\n"
		"\t\n"
		"\tappend root=UUID=1234 ro quiet\n"
		"\n"
		"label l0r\n"
		"\tmenu label Debian GNU/Linux 12 (bookworm) 6.1.0-18-armmp (rescue target)\n"
		"\tlinux /boot/vmlinuz-6.1.0-18-armmp\n"
		"\tinitrd /boot/initrd.img-6.1.0-18-armmp\n"
		"\tfdtdir /usr/lib/linux-image-6.1.0-18-armmp/\n"
		"\tappend root=UUID=1234 ro  single\n";
	char path[256];

	assert_int_equal(parse(text), 0);
	assert_int_equal(nwarnings, 0);
	assert_string_equal(conf.default_label, "l0");
	assert_string_equal(conf.title, "U-Boot menu");
	assert_false(conf.prompt);
	assert_true(conf.has_timeout);
	assert_int_equal(conf.timeout, 50);
	assert_int_equal(conf.nlabels, 2);
	assert_string_equal(conf.labels[0].menu, "Debian GNU/Linux 12 (bookworm) 6.1.0-18-armmp");
	assert_string_equal(conf.labels[0].kernel, "/boot/vmlinuz-6.1.0-18-armmp");
	assert_string_equal(conf.labels[0].initrd, "/boot/initrd.img-6.1.0-18-armmp");
	assert_string_equal(conf.labels[0].append, "root=UUID=1234 ro quiet");
	assert_string_equal(conf.labels[1].append, "root=UUID=1234 ro  single");
	assert_int_equal(extlinux_default(&conf), 0);
	assert_int_equal(extlinux_fdt_path(path, sizeof(path), "/boot/extlinux/extlinux.conf",
					   &conf.labels[0], "omap3-gta04a5.dtb"), 0);
	assert_string_equal(path, "/usr/lib/linux-image-6.1.0-18-armmp/omap3-gta04a5.dtb");
}

static void test_case_crlf_blanks(void **state)
{
	const char *text =
		"  DEFAULT second\r\n"
		"TimeOut 30\r\n"
		"PROMPT 1\r\n"
		"LABEL first\r\n"
		"  KERNEL zImage\r\n"
		"LaBeL second\r\n"
		"   Menu Label   Second entry   \r\n"
		"\t LINUX   ../zImage  \r\n"
		"  DEVICETREE   dtbs/gta04.dtb\r\n"
		"  # APPEND commented out\r\n"
		"  Append console=ttyO2,115200n8 root=/dev/mmcblk0p2\r\n"
		"\r\n"
		"label third\n"
		"  menu default\n"
		"  kernel /zImage";      /* no final newline */

	assert_int_equal(parse(text), 0);
	assert_int_equal(conf.nlabels, 3);
	assert_true(conf.prompt);
	assert_int_equal(conf.timeout, 30);
	assert_string_equal(conf.labels[1].menu, "Second entry");
	assert_string_equal(conf.labels[1].kernel, "../zImage");
	assert_string_equal(conf.labels[1].fdt, "dtbs/gta04.dtb");
	assert_string_equal(conf.labels[1].append, "console=ttyO2,115200n8 root=/dev/mmcblk0p2");
	assert_string_equal(conf.labels[2].kernel, "/zImage");
	/* MENU DEFAULT comes after DEFAULT and wins. */
	assert_string_equal(conf.default_label, "third");
	assert_int_equal(extlinux_default(&conf), 2);
}

static void test_errors_with_lines(void **state)
{
	const char *text =
		"kernel /orphan\n"              /* 1: outside a label */
		"label a\n"                     /* 2 */
		"  kernel /zImage\n"            /* 3 */
		"  frobnicate yes\n"            /* 4: unknown */
		"  timeout soon\n"              /* 5: not a number */
		"  initrd\n"                    /* 6: missing argument */
		"  menu color title 1;36;44\n"  /* 7: unsupported MENU keyword */
		"  localboot 1\n"               /* 8: known, unsupported */
		"  append quiet\n"              /* 9 */
		"label\n"                       /* 10: no name */
		"  kernel /lost\n"              /* 11: belongs to the bad label: silent */
		"label b\n"                     /* 12 */
		"  fdt /b.dtb\n";               /* 13 */

	assert_int_equal(parse(text), 7);
	assert_int_equal(nwarnings, 7);
	assert_int_equal(warnings[0].line, 1);
	assert_string_equal(warnings[0].word, "kernel");
	assert_non_null(strstr(warnings[0].msg, "outside"));
	assert_int_equal(warnings[1].line, 4);
	assert_string_equal(warnings[1].word, "frobnicate");
	assert_string_equal(warnings[1].msg, "unknown keyword");
	assert_int_equal(warnings[2].line, 5);
	assert_int_equal(warnings[3].line, 6);
	assert_string_equal(warnings[3].msg, "missing argument");
	assert_int_equal(warnings[4].line, 7);
	assert_string_equal(warnings[4].word, "color");
	assert_int_equal(warnings[5].line, 8);
	assert_int_equal(warnings[6].line, 10);
	/* The rest of the file still counts. */
	assert_int_equal(conf.nlabels, 2);
	assert_string_equal(conf.labels[0].kernel, "/zImage");
	assert_string_equal(conf.labels[0].append, "quiet");
	assert_string_equal(conf.labels[0].initrd, "");
	assert_string_equal(conf.labels[1].name, "b");
	assert_string_equal(conf.labels[1].fdt, "/b.dtb");
	assert_false(conf.has_timeout);
	/* No default given: the first label. */
	assert_int_equal(extlinux_default(&conf), 0);
}

static void test_limits(void **state)
{
	static char text[64 * 1024];
	char *o = text;
	char big[2000];

	for (int i = 0; i < EXTLINUX_MAX_LABELS + 3; i++)
		o += sprintf(o, "label l%d\n kernel /k%d\n", i, i);
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = 0;
	o += sprintf(o, "default %s\n", big);
	o += sprintf(o, "label %.*s\n", EXTLINUX_NAME_MAX, big);
	assert_int_equal(parse(text), 3 + 1 + 1);
	assert_int_equal(conf.nlabels, EXTLINUX_MAX_LABELS);
	assert_string_equal(conf.labels[EXTLINUX_MAX_LABELS - 1].kernel, "/k15");
	assert_string_equal(warnings[0].msg, "more than 16 labels, label not kept");
	assert_string_equal(warnings[0].word, "l16");
	assert_int_equal(conf.nleft_out, 4);   /* the long-named one too */
	assert_int_equal(warnings[0].line, 2 * EXTLINUX_MAX_LABELS + 1);
	/* The kernel line of a label that did not fit is not reported again. */
	assert_int_equal(warnings[1].line, 2 * EXTLINUX_MAX_LABELS + 3);
	assert_string_equal(conf.default_label, "");

	/* An APPEND as long as the kernel allows fits, one byte more does not. */
	o = text;
	o += sprintf(o, "label a\nappend %.*s\n", EXTLINUX_APPEND_MAX - 1, "");
	memset(big, 'y', sizeof(big));
	o = text + sprintf(text, "label a\nappend ");
	memcpy(o, big, EXTLINUX_APPEND_MAX - 1);
	strcpy(o + EXTLINUX_APPEND_MAX - 1, "\nlabel b\nappend ");
	o += strlen(o);
	memcpy(o, big, EXTLINUX_APPEND_MAX);
	o[EXTLINUX_APPEND_MAX] = 0;
	assert_int_equal(parse(text), 1);
	assert_int_equal(strlen(conf.labels[0].append), EXTLINUX_APPEND_MAX - 1);
	assert_string_equal(conf.labels[1].append, "");
	assert_int_equal(warnings[0].line, 4);
	assert_string_equal(warnings[0].msg, "value too long, ignored");
}

/* Issue #24: a DEFAULT that names a label after the 16th boots it, whether
 * DEFAULT stands before or after it or is a MENU DEFAULT inside it; the
 * labels left out are counted and each warning names the label, not the
 * keyword. */
static void test_default_beyond_limit(void **state)
{
	static char text[8192];
	char *o;

	o = text + sprintf(text, "default l18\n");
	for (int i = 0; i < EXTLINUX_MAX_LABELS + 4; i++)
		o += sprintf(o, "label l%d\n kernel /k%d\n", i, i);
	assert_int_equal(parse(text), 3);
	assert_int_equal(conf.nlabels, EXTLINUX_MAX_LABELS + 1);
	assert_int_equal(conf.nleft_out, 3);
	assert_int_equal(extlinux_default(&conf), EXTLINUX_MAX_LABELS);
	assert_string_equal(conf.labels[extlinux_default(&conf)].name, "l18");
	assert_string_equal(conf.labels[extlinux_default(&conf)].kernel, "/k18");
	assert_string_equal(warnings[0].word, "l16");
	assert_string_equal(warnings[0].msg, "more than 16 labels, label not kept");
	assert_string_equal(warnings[1].word, "l17");
	assert_string_equal(warnings[2].word, "l19");

	/* DEFAULT after the labels. */
	o = text;
	for (int i = 0; i < 40; i++)
		o += sprintf(o, "label l%d\n kernel /k%d\n", i, i);
	sprintf(o, "DEFAULT l39\n");
	assert_int_equal(parse(text), 40 - EXTLINUX_MAX_LABELS - 1);
	assert_int_equal(conf.nleft_out, 40 - EXTLINUX_MAX_LABELS - 1);
	assert_string_equal(conf.labels[extlinux_default(&conf)].kernel, "/k39");

	/* MENU DEFAULT inside a late label; a later label of the same name is
	 * not the one booted. */
	o = text;
	for (int i = 0; i < 20; i++)
		o += sprintf(o, "label l%d\n%s kernel /k%d\n", i, i == 17 ? " menu default\n" : "",
			     i);
	sprintf(o, "label l17\n kernel /again\n");
	parse(text);
	assert_string_equal(conf.default_label, "l17");
	assert_string_equal(conf.labels[extlinux_default(&conf)].kernel, "/k17");
	assert_int_equal(conf.nleft_out, 20 - EXTLINUX_MAX_LABELS);

	/* A default among the first 16: nothing extra is kept. */
	o = text + sprintf(text, "default l3\n");
	for (int i = 0; i < 20; i++)
		o += sprintf(o, "label l%d\n kernel /k%d\n", i, i);
	parse(text);
	assert_int_equal(conf.nlabels, EXTLINUX_MAX_LABELS);
	assert_int_equal(extlinux_default(&conf), 3);

	/* A label name too long is named too (cut to 31 bytes). */
	parse("label abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmn\n");
	assert_int_equal(nwarnings, 1);
	assert_string_equal(warnings[0].word, "abcdefghijklmnopqrstuvwxyzabcde");
}

static void test_odd_input(void **state)
{
	const char nul[] = "label a\n kernel /z\0Image\n";

	nwarnings = 0;
	assert_int_equal(extlinux_parse(&conf, nul, sizeof(nul) - 1, collect, &conf), 1);
	assert_int_equal(warnings[0].line, 2);
	assert_int_equal(extlinux_parse(&conf, "", 0, NULL, NULL), 0);
	assert_int_equal(extlinux_default(&conf), -ENOENT);
	assert_int_equal(parse("\n\n\r\n   \n#x\n"), 0);
	assert_int_equal(conf.nlabels, 0);
	/* The text is bounded by len, not by a NUL. */
	assert_int_equal(extlinux_parse(&conf, "label a\nlabel b\n", 8, NULL, NULL), 0);
	assert_int_equal(conf.nlabels, 1);
	assert_int_equal(parse("timeout 99999999999\n"), 1);
}

static void test_paths(void **state)
{
	const char *conf_path = "/boot/extlinux/extlinux.conf";
	struct extlinux_label l;
	char out[64];

	assert_int_equal(extlinux_path(out, sizeof(out), conf_path, "/boot/zImage"), 0);
	assert_string_equal(out, "/boot/zImage");
	assert_int_equal(extlinux_path(out, sizeof(out), conf_path, "../zImage"), 0);
	assert_string_equal(out, "/boot/extlinux/../zImage");
	assert_int_equal(extlinux_path(out, sizeof(out), conf_path, "zImage"), 0);
	assert_string_equal(out, "/boot/extlinux/zImage");
	assert_int_equal(extlinux_path(out, sizeof(out), "extlinux.conf", "zImage"), 0);
	assert_string_equal(out, "zImage");
	assert_int_equal(extlinux_path(out, 22, conf_path, "zImage"), 0);
	assert_int_equal(extlinux_path(out, 21, conf_path, "zImage"), -ENAMETOOLONG);
	assert_int_equal(extlinux_path(out, 0, conf_path, "zImage"), -ENAMETOOLONG);

	memset(&l, 0, sizeof(l));
	assert_int_equal(extlinux_fdt_path(out, sizeof(out), conf_path, &l, "a.dtb"), -ENOENT);
	l.has_fdtdir = true;
	assert_int_equal(extlinux_fdt_path(out, sizeof(out), conf_path, &l, "a.dtb"), 0);
	assert_string_equal(out, "/boot/extlinux/./a.dtb");
	strcpy(l.fdtdir, "../dtbs");
	assert_int_equal(extlinux_fdt_path(out, sizeof(out), conf_path, &l, "a.dtb"), 0);
	assert_string_equal(out, "/boot/extlinux/../dtbs/a.dtb");
	strcpy(l.fdtdir, "/dtbs/");
	assert_int_equal(extlinux_fdt_path(out, sizeof(out), conf_path, &l, "a.dtb"), 0);
	assert_string_equal(out, "/dtbs/a.dtb");
	/* FDT wins over FDTDIR. */
	strcpy(l.fdt, "/x.dtb");
	assert_int_equal(extlinux_fdt_path(out, sizeof(out), conf_path, &l, "a.dtb"), 0);
	assert_string_equal(out, "/x.dtb");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_debian_style),
		cmocka_unit_test(test_case_crlf_blanks),
		cmocka_unit_test(test_errors_with_lines),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_default_beyond_limit),
		cmocka_unit_test(test_odd_input),
		cmocka_unit_test(test_paths),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
