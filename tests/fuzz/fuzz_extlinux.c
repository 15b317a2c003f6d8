// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/boot/extlinux: parse arbitrary text, then resolve the
 * default label's paths; every stored string must be NUL-terminated within
 * its field. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/boot/extlinux.h"

static void warn(void *arg, unsigned line, const char *msg, const char *word)
{
	(void)line;
	if (!msg || strlen(word) > 31)
		abort();
	++*(int *)arg;
}

#define TERMINATED(s) (memchr((s), 0, sizeof(s)) != NULL)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct extlinux_conf conf;
	char out[EXTLINUX_PATH_MAX * 2];
	int n = 0, ret, d;
	unsigned i;

	ret = extlinux_parse(&conf, (const char *)data, size, warn, &n);
	if (ret != n || conf.nlabels > EXTLINUX_MAX_LABELS + 1)
		abort();
	if (!TERMINATED(conf.default_label) || !TERMINATED(conf.title))
		abort();
	for (i = 0; i < conf.nlabels; i++) {
		struct extlinux_label *l = &conf.labels[i];

		if (!TERMINATED(l->name) || !TERMINATED(l->menu) || !TERMINATED(l->kernel) ||
		    !TERMINATED(l->initrd) || !TERMINATED(l->fdt) || !TERMINATED(l->fdtdir) ||
		    !TERMINATED(l->append))
			abort();
	}
	/* Only the default may sit in the slot after the first 16. */
	if (conf.nlabels == EXTLINUX_MAX_LABELS + 1 &&
	    extlinux_default(&conf) != EXTLINUX_MAX_LABELS)
		abort();
	d = extlinux_default(&conf);
	if (d >= 0) {
		extlinux_path(out, sizeof(out), "/boot/extlinux/extlinux.conf", conf.labels[d].kernel);
		extlinux_fdt_path(out, sizeof(out), "/boot/extlinux/extlinux.conf", &conf.labels[d],
				  "omap3-gta04a5.dtb");
		extlinux_path(out, 8, "/boot/extlinux/extlinux.conf", conf.labels[d].initrd);
	}
	return 0;
}
