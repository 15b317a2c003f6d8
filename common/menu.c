// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The boot menu shown when the countdown is stopped: the extlinux labels,
 * one digit each (the syslinux MENU's choices, without its screen
 * layout). No TRM chapter: console only.
 */
#include "common/boot.h"
#include "common/cli.h"
#include "common/console.h"
#include "lib/errno.h"
#include "lib/printf.h"

int menu_run(int stop)
{
	const struct extlinux_conf *conf = boot_conf();
	const struct extlinux_label *l;
	unsigned n, i;
	int def, c, err;

	if (!conf)
		return -ENOENT;
	n = conf->nlabels < 9 ? conf->nlabels : 9;
	def = extlinux_default(conf);
	printf("%s\n", conf->title[0] ? conf->title : "Boot menu");
	for (i = 0; i < n; i++) {
		l = &conf->labels[i];
		printf("  %u  %s%s\n", i + 1, l->menu[0] ? l->menu : l->name,
		       (int)i == def ? " (default)" : "");
	}
	printf("1-%u: boot that entry, Enter: the default, any other key: prompt\n", n);
	do {
		c = console_getc_timeout(1000);
		/* The LF of a CR LF that stopped the countdown is no choice. */
	} while (c < 0 || (c == '\n' && stop == '\r' && (stop = -1)));
	if (c == '\r' || c == '\n')
		return 0;
	if (c < '1' || c >= '1' + (int)n)
		return -ECANCELED;
	err = boot_label((unsigned)(c - '1'));
	printf("boot: label '%s' failed (%s)\n", conf->labels[c - '1'].name, errname(err));
	return err;
}
