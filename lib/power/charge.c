// SPDX-License-Identifier: GPL-2.0-or-later
/* The charger's arithmetic and the boot policy's decision (charge.h). */
#include "lib/power/charge.h"

#include <stdint.h>

unsigned madc_code_mv(unsigned code, unsigned num, unsigned den)
{
	return (code * 1500u * den + 1023u * num / 2) / (1023u * num);
}

int bci_code_ma(unsigned code, bool cgain)
{
	/* regval2ua(): (code * 1.6618 - 850) mA, rounded to the nearest */
	int tenth_ua = (int)code * 16618 - 8500000;
	int ma = (tenth_ua + (tenth_ua < 0 ? -5000 : 5000)) / 10000;

	return cgain ? 2 * ma : ma;
}

unsigned bci_iref_code(unsigned ma)
{
	unsigned code;

	if (ma > 852)
		ma = 852;
	code = (ma * 10000u + 8500000u) / 16618u;
	return code < 512 ? 512 : code > 1023 ? 1023 : code;
}

/* OCV at 0, 5, ..., 100 % at 20 C, as (mV - 3400) / 4 (the table's
 * figures to within 2 mV): the Li-ion cell of Linux's
 * Documentation/devicetree/bindings/power/supply/sc27xx-fg.yaml example
 * (ocv-capacity-table-0, as in arch/arm64/boot/dts/sprd/sp9860g-1h10.dts:
 * 3400, 3605, 3680, 3724, 3752, 3765, 3770, 3773, 3777, 3787, 3805, 3835,
 * 3864, 3889, 3917, 3949, 3983, 4022, 4066, 4113, 4185 mV); not the
 * GTA04's pack, whose curve is not published. */
static const uint8_t ocv4[21] = {
	0, 51, 70, 81, 88, 91, 93, 93, 94, 97, 101,
	109, 116, 122, 129, 137, 146, 156, 167, 178, 196,
};

unsigned battery_pct(unsigned vbat_mv, int ma, unsigned mohm)
{
	int ocv = ((int)vbat_mv - ma * (int)mohm / 1000 - 3400) / 4;

	for (unsigned i = 1; i < 21; i++)
		if (ocv < ocv4[i])
			return ocv <= ocv4[i - 1] ? 5 * (i - 1) : 5 * (i - 1) + 5u *
			       (unsigned)(ocv - ocv4[i - 1]) / (unsigned)(ocv4[i] - ocv4[i - 1]);
	return 100;
}

enum charge_action charge_decide(const struct charge_state *s, unsigned boot_mv)
{
	if (!s->battery)
		return s->charger ? CHARGE_BOOT : CHARGE_OFF_NOTHING;
	if (!s->mv_known || s->mv >= boot_mv)
		return CHARGE_BOOT;
	return s->charger ? CHARGE_WAIT : CHARGE_OFF_LOW;
}
