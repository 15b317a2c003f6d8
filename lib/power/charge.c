// SPDX-License-Identifier: GPL-2.0-or-later
/* The charger's arithmetic and the boot policy's decision (charge.h). */
#include "lib/power/charge.h"

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

enum charge_action charge_decide(const struct charge_state *s, unsigned boot_mv)
{
	if (!s->battery)
		return s->charger ? CHARGE_BOOT : CHARGE_OFF_NOTHING;
	if (!s->mv_known || s->mv >= boot_mv)
		return CHARGE_BOOT;
	return s->charger ? CHARGE_WAIT : CHARGE_OFF_LOW;
}
