// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: command line of the OMAP3 machine simulator (GTA04, Beagle);
 * everything else lives in sim.c, rom.c and the models. See README.md.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "tools/sim/battery.h"
#include "tools/sim/hostterm.h"
#include "tools/sim/models.h"
#include "tools/sim/usbredir.h"

static void usage(FILE *f)
{
	fputs("usage: gtaboot-sim --machine gta04|beagle|beaglexm [--rev A3|A4|A5] [--sd IMG] [--nand IMG]\n"
	      "         [--aux] [--serial stdio|FILE] [--input STRING|@FILE] [--stdin]\n"
	      "         [--max-ms VIRTUAL_MS] [--report FILE.json] [--dump-dtb FILE]\n"
	      "         [--on-handoff stop|continue] [--inject SPEC ...] [--load-raw FILE@ADDR]\n"
	      "         [--trace] [--stats] [--watch-writes]\n"
	      "  --inject WHAT[:ARG[:COUNT]]  e.g. mmc-timeout:17:1 (ARG -1 = any, COUNT -1 = always)\n"
	      "  --stop-at ADDR  end the run (result stop) when execution reaches ADDR\n"
	      "  --watch-writes  list the SDRAM pages written in the report (sdram_writes)\n"
	      "  --profile FILE  virtual time per address range (\"LO HI NAME\" lines) in the report\n"
	      "  --timing exact|fast  each data access charged its cost (make bench), or an\n"
	      "                  average per instruction, 2.4 times as fast (default)\n"
	      "  --handoff-pc ADDR  the hand-off is the first fetch at ADDR (MMU off)\n"
	      "  --handoff-mmu-on  ... or from SDRAM with the MMU on (an EFI application: bootefi)\n"
	      "  --nand-bad BLOCK[,BLOCK...]  factory bad blocks of the --nand chip\n"
	      "  --sdram-part NAME|KEY=V,...  another memory package, or changes to it (parts.h)\n"
	      "  --tolerate sdram-refresh  a refresh interval over the part's is a warning, not a stop\n"
	      "  --rom-clocks reset|locked  DPLLs as at reset, or left locked by the ROM (rom.c)\n"
	      "  --rom-vmmc1 on|off         VMMC1 as the ROM leaves it (default: on after SD boot; on also applies to --load-raw)\n"
	      "  --rom-usb-ms MS   with --usb: how long the ROM's USB boot waits for a host (default 3000; 0 skips it)\n"
	      "  --battery-mv MV  --power-button  --sd-type sdsc1|sdsc|sdhc\n"
	      "  --touch X,Y@MS[+HOLD_MS]  a touch on the GTA04's panel, in pixels (held 200 ms)\n"
	      "  --power-on-by button[+HOLD_MS]|charger  what started the board (default button+500)\n"
	      "  --vbus, --charger  USB VBUS (500 mA), a charger (VAC) present at the TWL4030\n"
	      "  battery model (battery.c): --battery-soc PERCENT (or --battery-mv: the initial OCV)\n"
	      "         --battery-mah MAH (1200)  --battery-mohm MOHM (200)  --no-battery\n"
	      "         --charger-src none|usb100|usb500|ac  --vbus-sag-mv MV[@MS] (drop at 500 mA)\n"
	      "         --unplug-ms MS  --max-restarts N (restart after a brown-out, N times)\n"
      "  --usb unix:PATH    export the USB device over usbredir on a unix socket (implies --vbus)\n"
	      "  --usb-clock host|virtual  with --usb: virtual time held to host time (default), or bus time in virtual time only\n"
	      "  --twl-backup HEX16  TWL4030 BACKUP_REG_A..H at power-on (battery-backed)\n"
	      "  --entry-mode svc|sys, --entry-r0 ADDR  how the ROM enters the image\n"
	      "exit: 0 handoff/poweroff/reset/brownout, 1 fault/watchdog, 2 timeout, 3 usage\n", f);
}

static int bad(const char *fmt, const char *arg)
{
	fprintf(stderr, "gtaboot-sim: ");
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	usage(stderr);
	return 3;
}

static bool parse_u64(const char *s, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 0);
	return !errno && *s && *s != '-' && !*end;
}

/* "12", "0.8", "99.25" -> 0.01 % units, at most 100 %. */
static int parse_centi(const char *s, unsigned *out)
{
	unsigned long whole, frac = 0;
	char *end;
	int digits = 0;

	if (*s < '0' || *s > '9')
		return -1;
	whole = strtoul(s, &end, 10);
	if (*end == '.') {
		for (end++; *end >= '0' && *end <= '9' && digits < 2; end++, digits++)
			frac = frac * 10 + (unsigned long)(*end - '0');
		if (!digits)
			return -1;
		if (digits == 1)
			frac *= 10;
	}
	if (*end || whole > 100 || (whole == 100 && frac))
		return -1;
	*out = (unsigned)(whole * 100 + frac);
	return 0;
}

static int parse_inject(struct sim_config *c, const char *spec)
{
	struct sim_inject *in;
	char *end;
	const char *colon = strchr(spec, ':');
	size_t n = colon ? (size_t)(colon - spec) : strlen(spec);

	if (c->ninject == SIM_MAX_INJECT || !n || n >= sizeof(in->what))
		return -1;
	in = &c->inject[c->ninject];
	memcpy(in->what, spec, n);
	in->what[n] = 0;
	in->arg = -1;
	in->count = 1;
	if (colon) {
		in->arg = strtol(colon + 1, &end, 0);
		if (end == colon + 1 || (*end && *end != ':'))
			return -1;
		if (*end == ':') {
			const char *cnt = end + 1;

			in->count = strtol(cnt, &end, 0);
			if (end == cnt || *end || !in->count)
				return -1;
		}
	}
	c->ninject++;
	return 0;
}

/* "FILE.png" (at the hand-off or the end) or "FILE.png@MS". */
static int parse_shot(struct sim_config *c, const char *arg)
{
	const char *at = strrchr(arg, '@');
	uint64_t ms = 0;
	char *path, *end;

	if (!*arg || at == arg)
		return -1;
	if (at) {
		ms = strtoull(at + 1, &end, 10);
		if (end == at + 1 || (*end && strcmp(end, "ms")))
			return -1;
	}
	path = strndup(arg, at ? (size_t)(at - arg) : strlen(arg));
	if (!path)
		return -1;
	c->shot[c->nshot].path = path;
	c->shot[c->nshot].timed = at != NULL;
	c->shot[c->nshot].at_ps = at ? ms * PS_PER_MS : 0;
	c->nshot++;
	return 0;
}

/* "aux@1500ms", "power@2500ms+800" (held 100 ms by default). */
static int parse_press(struct sim_config *c, const char *arg)
{
	unsigned long long at, hold = 100;
	char name[8], *end;

	if (sscanf(arg, "%7[a-z]@", name) != 1 || (strcmp(name, "aux") && strcmp(name, "power")))
		return -1;
	at = strtoull(strchr(arg, '@') + 1, &end, 10);
	if (!strncmp(end, "ms", 2))
		end += 2;
	if (*end == '+') {
		hold = strtoull(end + 1, &end, 10);
		if (!strncmp(end, "ms", 2))
			end += 2;
	}
	if (*end || !hold)
		return -1;
	c->press[c->npress].power = !strcmp(name, "power");
	c->press[c->npress].at_ps = at * PS_PER_MS;
	c->press[c->npress].until_ps = (at + hold) * PS_PER_MS;
	c->npress++;
	return 0;
}

/* "240,600@1500" (ms; held 200 ms), "10,20@900ms+50": panel pixels. */
static int parse_touch(struct sim_config *c, const char *arg)
{
	unsigned long x, y, at, hold = 200;
	char *end;

	for (const char *p = arg; *p; p++)      /* no signs, no spaces */
		if (!strchr("0123456789,@+ms", *p))
			return -1;
	x = strtoul(arg, &end, 10);
	if (end == arg || *end != ',')
		return -1;
	arg = end + 1;
	y = strtoul(arg, &end, 10);
	if (end == arg || *end != '@')
		return -1;
	arg = end + 1;
	at = strtoul(arg, &end, 10);
	if (end == arg)
		return -1;
	if (!strncmp(end, "ms", 2))
		end += 2;
	if (*end == '+') {
		hold = strtoul(end + 1, &end, 10);
		if (!strncmp(end, "ms", 2))
			end += 2;
	}
	if (*end || !hold || x >= 480 || y >= 640 || c->ntouch == 16)
		return -1;
	c->touch[c->ntouch].x = (uint16_t)x;
	c->touch[c->ntouch].y = (uint16_t)y;
	c->touch[c->ntouch].at_ps = (uint64_t)at * PS_PER_MS;
	c->touch[c->ntouch].until_ps = (uint64_t)(at + hold) * PS_PER_MS;
	c->ntouch++;
	return 0;
}

static void __attribute__((format(printf, 2, 3))) msg_append(struct sim *s, const char *fmt, ...)
{
	size_t n = strlen(s->result_msg);
	va_list ap;

	va_start(ap, fmt);
	if (n < sizeof(s->result_msg))
		vsnprintf(s->result_msg + n, sizeof(s->result_msg) - n, fmt, ap);
	va_end(ap);
}

/* battery model: a brown-out restart. The old machine's console output
 * is flushed (the new one appends to --serial FILE); its models' memory
 * is left (a few restarts), its CPU engine closed. */
static struct sim *restart(struct sim *old, uint64_t start)
{
	struct sim *s = calloc(1, sizeof(*s));

	if (!s)
		abort();
	sim_tick_models(old);
	usbredir_close(old);
	uart_drain_tx(old);
	fflush(NULL);
	s->cfg = old->cfg;
	s->cfg.boot_number++;
	s->batt = old->batt;
	s->now_ps = start;
	uc_close(old->uc);
	old->uc = NULL;
	fprintf(stderr, "sim: brown-out at %.6f s virtual: %s; restart %u at %.6f s\n",
		(double)old->now_ps / PS_PER_S, old->result_msg, s->cfg.boot_number,
		(double)start / PS_PER_S);
	return s;
}

int main(int argc, char **argv)
{
	enum { O_MACHINE = 256, O_REV, O_SD, O_NAND, O_AUX, O_SERIAL, O_INPUT, O_STDIN,
	       O_MAXMS, O_REPORT, O_DTB, O_HANDOFF, O_INJECT, O_RAW, O_TRACE, O_STATS,
	       O_HELP, O_NAND_BAD, O_ENTRY_MODE, O_ENTRY_R0,
	       O_WATCH, O_HANDOFF_PC };
	enum { O_STOP_AT = 512, O_BATTERY, O_PWRON, O_VBUS, O_CHARGER, O_SDTYPE, O_TWLBACKUP,
	       O_SDRAM_PART, O_TOLERATE, O_ROM_CLOCKS, O_ROM_VMMC1, O_SHOT, O_PRESS, O_PROFILE,
	       O_USB, O_ROM_USB, O_USB_CLOCK, O_TOUCH };
	enum { O_SOC = 1024, O_MAH, O_MOHM, O_NOBAT, O_SRC, O_SAG, O_UNPLUG, O_RESTARTS, O_PWRON_BY,
	       O_TIMING, O_HANDOFF_MMU };
	static const struct option opts[] = {
		{ "machine", 1, 0, O_MACHINE }, { "rev", 1, 0, O_REV },
		{ "sd", 1, 0, O_SD }, { "nand", 1, 0, O_NAND }, { "aux", 0, 0, O_AUX },
		{ "serial", 1, 0, O_SERIAL }, { "input", 1, 0, O_INPUT },
		{ "stdin", 0, 0, O_STDIN }, { "max-ms", 1, 0, O_MAXMS },
		{ "report", 1, 0, O_REPORT }, { "dump-dtb", 1, 0, O_DTB },
		{ "on-handoff", 1, 0, O_HANDOFF }, { "inject", 1, 0, O_INJECT },
		{ "load-raw", 1, 0, O_RAW }, { "trace", 0, 0, O_TRACE },
		{ "stats", 0, 0, O_STATS }, { "help", 0, 0, O_HELP },
		{ "stop-at", 1, 0, O_STOP_AT },
		{ "nand-bad", 1, 0, O_NAND_BAD },
		{ "entry-mode", 1, 0, O_ENTRY_MODE }, { "entry-r0", 1, 0, O_ENTRY_R0 },
		{ "watch-writes", 0, 0, O_WATCH },
		{ "handoff-pc", 1, 0, O_HANDOFF_PC }, { "handoff-mmu-on", 0, 0, O_HANDOFF_MMU },
		{ "battery-mv", 1, 0, O_BATTERY }, { "power-button", 0, 0, O_PWRON },
		{ "vbus", 0, 0, O_VBUS }, { "charger", 0, 0, O_CHARGER },
		{ "sd-type", 1, 0, O_SDTYPE }, { "twl-backup", 1, 0, O_TWLBACKUP },
		{ "sdram-part", 1, 0, O_SDRAM_PART }, { "tolerate", 1, 0, O_TOLERATE },
		{ "rom-clocks", 1, 0, O_ROM_CLOCKS }, { "rom-vmmc1", 1, 0, O_ROM_VMMC1 },
		{ "screenshot", 1, 0, O_SHOT }, { "press", 1, 0, O_PRESS },
		{ "touch", 1, 0, O_TOUCH },
		{ "profile", 1, 0, O_PROFILE }, { "usb", 1, 0, O_USB },
		{ "rom-usb-ms", 1, 0, O_ROM_USB }, { "usb-clock", 1, 0, O_USB_CLOCK },
		{ "battery-soc", 1, 0, O_SOC }, { "battery-mah", 1, 0, O_MAH },
		{ "battery-mohm", 1, 0, O_MOHM }, { "no-battery", 0, 0, O_NOBAT },
		{ "charger-src", 1, 0, O_SRC }, { "vbus-sag-mv", 1, 0, O_SAG },
		{ "unplug-ms", 1, 0, O_UNPLUG }, { "max-restarts", 1, 0, O_RESTARTS },
		{ "power-on-by", 1, 0, O_PWRON_BY }, { "timing", 1, 0, O_TIMING },
		{ 0 },
	};
	static struct sim sim;
	struct sim *s = &sim;
	struct sim_config *c = &s->cfg;
	const char *machine = NULL, *rev = NULL, *part_spec = NULL, *profile_path = NULL, *why;
	uint64_t max_ms = 120000, v, start;
	bool stats = false, pwron_by = false;
	int o;

	opterr = 0;
	while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (o) {
		case O_MACHINE: machine = optarg; break;
		case O_REV: rev = optarg; break;
		case O_SD: c->sd_image = optarg; break;
		case O_NAND: c->nand_image = optarg; break;
		case O_NAND_BAD: /* factory bad blocks, nand.c */
			if (nand_parse_bad(c, optarg))
				return bad("--nand-bad takes BLOCK[,BLOCK...], not %s", optarg);
			break;
		case O_ENTRY_MODE:
			if (strcmp(optarg, "svc") && strcmp(optarg, "sys"))
				return bad("--entry-mode takes svc or sys, not %s", optarg);
			c->entry_sys = !strcmp(optarg, "sys");
			break;
		case O_ENTRY_R0:
			if (!parse_u64(optarg, &v) || v > 0xFFFFFFFFu)
				return bad("--entry-r0 takes an address, not %s", optarg);
			c->entry_r0 = (uint32_t)v;
			c->entry_r0_set = true;
			break;
		case O_AUX: c->aux = true; break;
		case O_BATTERY:
			if (!parse_u64(optarg, &v) || v < 2000 || v > 5000)
				return bad("--battery-mv takes 2000..5000, not %s", optarg);
			c->battery_mv = (unsigned)v;
			break;
		case O_PWRON: c->power_button = true; break;
		case O_PWRON_BY: /* twl4030.c: the start event */
			if (!strcmp(optarg, "charger"))
				c->power_on_hold_ms = 0;
			else if (!strncmp(optarg, "button", 6) &&
				 (!optarg[6] || (optarg[6] == '+' && parse_u64(optarg + 7, &v) &&
						 v && v <= 60000)))
				c->power_on_hold_ms = optarg[6] ? (unsigned)v : 500;
			else
				return bad("--power-on-by takes button[+HOLD_MS] or charger, not %s",
					   optarg);
			pwron_by = true;
			break;
		case O_VBUS: c->vbus = true; break;
		case O_USB: /* unix:PATH; the cable is in a PC: VBUS (usbredir.c) */
			if (strncmp(optarg, "unix:", 5) || !optarg[5])
				return bad("--usb takes unix:PATH, not %s", optarg);
			c->usb_path = optarg + 5;
			c->vbus = true;
			break;
		case O_USB_CLOCK: /* usbredir.c: how the peer's time and virtual time relate */
			if (strcmp(optarg, "host") && strcmp(optarg, "virtual"))
				return bad("--usb-clock takes host or virtual, not %s", optarg);
			c->usb_clock_virtual = !strcmp(optarg, "virtual");
			break;
		case O_CHARGER: c->charger = true; break;
		case O_SOC: /* battery.c: PERCENT, up to two decimals */
			if (parse_centi(optarg, &c->battery_soc_centi))
				return bad("--battery-soc takes 0..100 (%%, e.g. 0.8), not %s", optarg);
			c->battery_soc_set = true;
			break;
		case O_MAH:
			if (!parse_u64(optarg, &v) || !v || v > 100000)
				return bad("--battery-mah takes 1..100000, not %s", optarg);
			c->battery_mah = (unsigned)v;
			break;
		case O_MOHM:
			if (!parse_u64(optarg, &v) || !v || v > 10000)
				return bad("--battery-mohm takes 1..10000, not %s", optarg);
			c->battery_mohm = (unsigned)v;
			break;
		case O_NOBAT: c->no_battery = true; break;
		case O_SRC: /* the sources: VBUS with its limit, VAC */
			if (!strcmp(optarg, "none")) {
				c->vbus = c->charger = false;
			} else if (!strcmp(optarg, "usb100") || !strcmp(optarg, "usb500")) {
				c->vbus = true;
				c->charger = false;
				c->usb_limit_ma = optarg[3] == '1' ? 100 : 500;
			} else if (!strcmp(optarg, "ac")) {
				c->charger = true;
				c->vbus = false;
			} else {
				return bad("--charger-src takes none, usb100, usb500 or ac, not %s", optarg);
			}
			break;
		case O_SAG: {
			/* MV[@MS]: from the virtual time MS on (a port that
			 * gives way mid-charge) */
			char mv[16], *at = strchr(optarg, '@');
			uint64_t ms = 0;

			snprintf(mv, sizeof(mv), "%.*s", at ? (int)(at - optarg) : 15, optarg);
			if (!parse_u64(mv, &v) || v > 5000 || (at && (!parse_u64(at + 1, &ms) ||
								   ms > 1000000000)))
				return bad("--vbus-sag-mv takes 0..5000[@MS], not %s", optarg);
			c->vbus_sag_mv = (unsigned)v;
			c->vbus_sag_ps = ms * PS_PER_MS;
			break;
		}
		case O_UNPLUG:
			if (!parse_u64(optarg, &v) || !v || v > 1000000000)
				return bad("--unplug-ms takes 1..1000000000, not %s", optarg);
			c->unplug_ps = v * PS_PER_MS;
			break;
		case O_RESTARTS:
			/* each restart keeps the old machine's memory (~1.5 MB) */
			if (!parse_u64(optarg, &v) || v > 100)
				return bad("--max-restarts takes 0..100, not %s", optarg);
			c->max_restarts = (unsigned)v;
			break;
		case O_SHOT: /* FILE.png[@MS] */
			if (c->nshot == 8 || parse_shot(c, optarg))
				return bad("--screenshot takes FILE.png or FILE.png@MS (at most 8), not %s",
					   optarg);
			break;
		case O_PRESS: /* aux|power@MS[+MS] */
			if (c->npress == 16 || parse_press(c, optarg))
				return bad("--press takes aux@MS or power@MS[+HOLD_MS] (at most 16), not %s",
					   optarg);
			break;
		case O_TOUCH: /* X,Y@MS[+MS], tsc2007.c */
			if (parse_touch(c, optarg))
				return bad("--touch takes X,Y@MS[+HOLD_MS] in panel pixels (x < 480, "
					   "y < 640, at most 16), not %s", optarg);
			break;
		case O_SDTYPE:
			if (!strcmp(optarg, "sdsc1"))
				c->sd_type = SD_SDSC1;
			else if (!strcmp(optarg, "sdsc"))
				c->sd_type = SD_SDSC;
			else if (!strcmp(optarg, "sdhc"))
				c->sd_type = SD_SDHC;
			else
				return bad("--sd-type takes sdsc1, sdsc or sdhc, not %s", optarg);
			break;
		case O_TWLBACKUP: {
			/* 16 hex digits: BACKUP_REG_A first */
			const char *h = optarg;

			if (strlen(h) != 16 || strspn(h, "0123456789abcdefABCDEF") != 16)
				return bad("--twl-backup takes 16 hex digits, not %s", optarg);
			for (int i = 0; i < 8; i++) {
				char b[3] = { h[2 * i], h[2 * i + 1], 0 };

				c->twl_backup[i] = (uint8_t)strtoul(b, NULL, 16);
			}
			break;
		}
		case O_SERIAL: c->serial_out = optarg; break;
		case O_INPUT: c->input = optarg; break;
		case O_STDIN: c->input_stdin = true; break;
		case O_MAXMS:
			if (!parse_u64(optarg, &max_ms) || !max_ms || max_ms > 1000000000)
				return bad("bad --max-ms value: %s", optarg);
			break;
		case O_REPORT: c->report_path = optarg; break;
		case O_DTB: c->dump_dtb_path = optarg; break;
		case O_HANDOFF:
			if (strcmp(optarg, "stop") && strcmp(optarg, "continue"))
				return bad("--on-handoff takes stop or continue, not %s", optarg);
			c->handoff_continue = !strcmp(optarg, "continue");
			break;
		case O_INJECT:
			if (parse_inject(c, optarg))
				return bad("bad --inject spec: %s", optarg);
			break;
		case O_RAW: {
			const char *at = strrchr(optarg, '@');

			if (!at || at == optarg || !parse_u64(at + 1, &v) || v > 0xFFFFFFFFu)
				return bad("--load-raw takes FILE@ADDR, not %s", optarg);
			c->load_raw = strndup(optarg, (size_t)(at - optarg));
			c->load_raw_addr = (uint32_t)v;
			break;
		}
		case O_TRACE: c->trace_mmio = true; break;
		case O_SDRAM_PART: part_spec = optarg; break; /* parts.c */
		case O_TOLERATE: /* sdrc.c: for other loaders' runs, which the
				  * test then checks for the warning */
			if (strcmp(optarg, "sdram-refresh"))
				return bad("--tolerate takes sdram-refresh, not %s", optarg);
			c->tolerate_refresh = true;
			break;
		case O_ROM_CLOCKS: /* the ROM's exit state, rom.c */
			if (strcmp(optarg, "reset") && strcmp(optarg, "locked"))
				return bad("--rom-clocks takes reset or locked, not %s", optarg);
			c->rom_clocks_locked = !strcmp(optarg, "locked");
			break;
		case O_ROM_VMMC1:
			if (strcmp(optarg, "on") && strcmp(optarg, "off"))
				return bad("--rom-vmmc1 takes on or off, not %s", optarg);
			c->rom_vmmc1 = !strcmp(optarg, "on") ? 1 : 2;
			break;
		case O_ROM_USB: /* rom_usb.c */
			if (!parse_u64(optarg, &v) || v > 600000)
				return bad("--rom-usb-ms takes 0..600000, not %s", optarg);
			c->rom_usb_ms = v ? (int)v : -1;
			break;
		case O_STOP_AT:
			if (!parse_u64(optarg, &v) || v > 0xFFFFFFFFu)
				return bad("--stop-at takes an address, not %s", optarg);
			c->stop_at = (uint32_t)v;
			c->stop_at_set = true;
			break;
		case O_HANDOFF_PC: /* the kernel behind a second stage */
			if (!parse_u64(optarg, &v) || v > 0xFFFFFFFFu)
				return bad("bad --handoff-pc address: %s", optarg);
			c->handoff_pc = (uint32_t)v;
			c->handoff_pc_set = true;
			break;
		case O_HANDOFF_MMU: c->handoff_mmu_on = true; break;
		case O_WATCH: c->watch_writes = true; break;
		case O_TIMING: /* sim.c, "the cost model" */
			if (strcmp(optarg, "exact") && strcmp(optarg, "fast"))
				return bad("--timing takes exact or fast, not %s", optarg);
			c->exact_timing = !strcmp(optarg, "exact");
			break;
		case O_PROFILE: profile_path = optarg; break;
		case O_STATS: stats = true; break;
		case O_HELP: usage(stdout); return 0;
		default:
			return bad("unknown option or missing value: %s", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return bad("unexpected argument: %s", argv[optind]);
	if (!machine)
		return bad("%s", "--machine is required");
	if (sim_config_machine(c, machine, rev))
		return bad("unknown machine or revision: %s", rev && *rev ? rev : machine);
	if (part_spec) { /* another package, or changes to it */
		if (sim_part_apply(&c->part, part_spec, &why)) {
			fprintf(stderr, "gtaboot-sim: --sdram-part %s: %s\n", part_spec, why);
			return 3;
		}
		c->sdram_cs_bytes[0] = c->sdram_cs_bytes[1] = (uint32_t)sim_part_cs_bytes(&c->part);
	}
	c->max_ps = max_ms * PS_PER_MS;
	if (!pwron_by)
		c->power_on_hold_ms = 500;
	else if (!c->power_on_hold_ms && !c->vbus && !c->charger)
		return bad("%s", "--power-on-by charger needs a charger (--charger-src, --vbus or --charger)");

	/* The battery model (battery.c): the cell outlives the machine. A
	 * drained cell delays the power-on while a charger precharges it, or
	 * keeps the board off; a brown-out ends the run, or with
	 * --max-restarts starts a fresh machine (ROM boot again) once the
	 * cell allows it, in the same virtual time. */
	s->batt = battery_new(c);
	start = battery_next_start_ps(s, c->max_ps, &why);
	if (start != UINT64_MAX)
		s->now_ps = start;
	for (;;) {
		if (sim_init(s))
			return 1;
		if (start == UINT64_MAX) {
			sim_stop(s, SIM_POWEROFF, "%s", why);
		} else {
			if (c->boot_number)
				battery_restarted(s);
			if (!c->boot_number && profile_path && profile_load(s, profile_path))
				return 3;
			/* --power-on-by button: the press that started the
			 * board, from its start; a restart after a brown-out
			 * is the charger's or the cell's start-on event. */
			if (!c->boot_number && c->power_on_hold_ms && c->npress < 16)
				c->press[c->npress++] = (typeof(c->press[0])){ true, start,
					start + (uint64_t)c->power_on_hold_ms * PS_PER_MS };
			if (c->load_raw) {
				if (sim_load_raw(s))
					return 3;
			} else {
				rom_boot(s);
			}
			if (!s->result)
				sim_run(s);
		}
		if (s->result != SIM_BROWNOUT)
			break;
		if (c->boot_number >= c->max_restarts) {
			if (c->max_restarts)
				msg_append(s, "; boot loop: --max-restarts %u reached", c->max_restarts);
			break;
		}
		start = battery_next_start_ps(s, c->max_ps, &why);
		if (start == UINT64_MAX) {
			msg_append(s, "; then off: %s", why);
			break;
		}
		s = restart(s, start);
		c = &s->cfg;
	}
	sim_tick_models(s); /* flush console output up to the end */
	usbredir_close(s);  /* the device leaves the peer's bus */
	uart_drain_tx(s);   /* and what the UART FIFOs still hold */
	hostterm_pty_drain(); /* read by the program on --serial pty */
	dss_final_screenshots(s);
	sim_write_report(s);
	fprintf(stderr, "sim: result=%s at %.6f s virtual: %s\n", sim_result_name(s->result),
		(double)s->now_ps / PS_PER_S, s->result_msg);
	if (stats) {
		uint64_t skipped_ps, skips = sim_idle_skips(s, &skipped_ps);

		fprintf(stderr, "sim: %llu guest instructions in %.3f host s (%.1f M/s), "
			"%llu idle steps covering %.3f ms\n",
			(unsigned long long)s->guest_insns, s->host_seconds,
			s->host_seconds > 0 ? s->guest_insns / s->host_seconds / 1e6 : 0.0,
			(unsigned long long)skips, (double)skipped_ps / PS_PER_MS);
		skips = sim_wfi_sleeps(s, &skipped_ps);
		fprintf(stderr, "sim: %llu WFI sleeps covering %.3f ms; PC 0x%08x LR 0x%08x CPSR 0x%08x at the end\n",
			(unsigned long long)skips, (double)skipped_ps / PS_PER_MS, sim_pc(s), sim_reg(s, UC_ARM_REG_LR),
			sim_reg(s, UC_ARM_REG_CPSR));
	}
	fflush(stdout);
	return sim_exit_code(s->result);
}
