// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: UART1-3 (0x4806A000, 0x4806C000, 0x49020000), TRM chapter
 * 17 "UART/IrDA/CIR": the 16550 registers with the OMAP register modes
 * (operational, configuration A with LCR[7] = 1, configuration B with
 * LCR = 0xBF), EFR, MDR1, 64-byte FIFOs, SSR, MVR and SYSC/SYSS
 * (registers.md §7).
 *
 * Transmit: THR writes fill the TX FIFO (64 bytes, or the 1-byte holding
 * register with FCR[0] = 0); a write into a full FIFO loses the character,
 * as hardware does, with a warning. Nothing is sent while MDR1 selects
 * "disabled" (7, the reset state) or an IrDA/CIR mode, or while the divisor
 * or the functional clock is 0. A character takes (1 start + data + parity
 * + stop bits) x 16 (13 in MDR1 mode 3) x divisor / fclk of virtual time;
 * LSR.THRE is set once the FIFO is empty, LSR.TEMT once the shifter is done
 * as well. A sent character appears on the console when its frame ends.
 * UART3 is the console: its output goes to cfg.serial_out (NULL or "stdio":
 * stdout) and into a buffer (uart_output()); UART1/2 go to stderr, each
 * line prefixed "[UARTn] ". A terminal set to 115200 8N1 sees garbage when
 * the programmed rate is off by more than 2 % or the format is not 8 data
 * bits without parity: such characters come out as '?', with a one-time
 * warning. UART3's TX pad (0x1A0) must be muxed to mode 0, else nothing
 * leaves the chip (warning, character dropped).
 *
 * Receive (UART3 only) is paced so that console tests are deterministic:
 * the next input character becomes available (LSR.DR) one character time
 * after the previous one was read from RHR, and only while the receiver is
 * enabled and its pad (0x19E) is muxed to mode 0 with INPUTENABLE. Input
 * comes from cfg.input (a string, or "@FILE" for a file's contents) and
 * then, with cfg.input_stdin, from standard input (non-blocking). The input
 * script syntax:
 *   \n \r \t \e \\ \{ \}  newline, carriage return, tab, ESC, '\', '{', '}'
 *   \xNN                  the byte 0xNN
 *   {wait MS}             pause MS milliseconds of virtual time
 *   {expect TEXT}         hold input until TEXT (escapes allowed) has
 *                         appeared in UART3's output since the previous
 *                         {expect} matched (or since power-on)
 *   {press aux|power [MS]} press a button there for MS (default 100) ms of
 *                         virtual time (display issue: panel.c, as --press)
 * Everything else is sent as is.
 *
 * Registers accept 8-, 16- and 32-bit accesses (values are 8 bits wide);
 * they need both the interface and the functional clock.
 */
#define _GNU_SOURCE /* memmem */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <time.h>
#include <termios.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"

#define FIFO_SIZE 64

enum item_kind { IT_CHAR, IT_WAIT, IT_EXPECT, IT_PRESS };

struct item {
	enum item_kind kind;
	uint8_t ch;
	uint64_t ms;
	char *text;
	size_t len;
};

struct uart {
	int n;                       /* 0..2 */
	enum sim_clk clk;
	/* registers */
	uint8_t dll, dlh, ier, lcr, mcr, spr, efr, fcr, tcr, tlr;
	uint8_t xon1, xon2, xoff1, xoff2;
	uint8_t mdr1, mdr2, scr, acreg, eblr, blr, sysc, wer, cfps;
	uint8_t txfll, txflh, rxfll, rxflh, ier2, mdr3, freq_sel;
	/* transmitter */
	uint8_t txq[FIFO_SIZE];
	int txh, txn;
	bool shifting;
	uint8_t shift_ch;
	uint64_t shift_end;
	/* receiver */
	bool rx_full;
	uint8_t rx_ch;
	/* output */
	FILE *out;
	bool line_start, dirty;
	char *log;
	size_t log_len, log_cap;
	/* performance issue: where each line starts in log, and when */
	struct line_mark { size_t off; uint64_t ps; } *lines;
	size_t nlines, lines_cap;
	unsigned lost;
	bool warn_lost, warn_baud, warn_pad, warn_rxpad, warn_mode;
};

struct console_in {
	struct item *items;
	size_t nitems, cur;
	uint64_t next_at;
	size_t expect_from, search_from;
	bool stdin_open;
	int fd;                 /* interactive input: 0 (stdin) or a pty master */
	struct timespec host_start;
};

struct uarts {
	struct uart u[3];
	struct console_in in;
};

/* The three UARTs share one allocation; u[0] is its first member. */
static struct uarts *uarts_of(struct sim *s)
{
	return (struct uarts *)s->uart[0];
}

/* ------------------------------------------------------------- timing */

static unsigned divisor(struct uart *u)
{
	return (unsigned)u->dlh << 8 | u->dll;
}

static unsigned oversample(struct uart *u)
{
	switch (u->mdr1 & 7) {
	case 0: case 2: return 16;
	case 3: return 13;
	default: return 0;          /* disabled, IrDA, CIR */
	}
}

static unsigned frame_halfbits(struct uart *u)
{
	unsigned data = 5 + (u->lcr & 3);
	unsigned stop = (u->lcr & BIT(2)) ? (data == 5 ? 3 : 4) : 2;

	return 2 * (1 + data + ((u->lcr >> 3) & 1)) + stop;
}

/* Virtual time of one character frame; 0 when the UART cannot run. */
static uint64_t uart_char_ps(struct sim *s, struct uart *u)
{
	uint64_t fclk = prcm_func_clk_hz(s, u->clk);
	unsigned os = oversample(u), div = divisor(u);

	if (!fclk || !os || !div)
		return 0;
	return (uint64_t)(((unsigned __int128)frame_halfbits(u) * os * div * PS_PER_S)
			  / (2 * fclk));
}

static bool baud_ok(struct sim *s, struct uart *u)
{
	uint64_t fclk = prcm_func_clk_hz(s, u->clk);
	uint64_t den = (uint64_t)oversample(u) * divisor(u);
	double baud = den ? (double)fclk / (double)den : 0;
	bool fmt = (u->lcr & 3) == 3 && !(u->lcr & BIT(3));

	if (baud < 115200 * 0.98 || baud > 115200 * 1.02 || !fmt) {
		if (!u->warn_baud)
			fprintf(stderr, "gtaboot-sim: warning: UART%d runs at %.0f baud, %s "
				"(fclk %llu Hz, divisor %u, LCR 0x%02x); a 115200 8N1 terminal "
				"shows garbage\n", u->n + 1, baud, fmt ? "8N1" : "not 8N1",
				(unsigned long long)fclk, divisor(u), u->lcr);
		u->warn_baud = true;
		return false;
	}
	return true;
}

/* ------------------------------------------------------------- output */

static void log_append(struct uart *u, char c, uint64_t t)
{
	if (!u->log_len || u->log[u->log_len - 1] == '\n') {
		if (u->nlines == u->lines_cap) {
			u->lines_cap = u->lines_cap ? u->lines_cap * 2 : 256;
			u->lines = realloc(u->lines, u->lines_cap * sizeof(*u->lines));
			if (!u->lines)
				abort();
		}
		u->lines[u->nlines++] = (struct line_mark){ u->log_len, t };
	}
	if (u->log_len == u->log_cap) {
		u->log_cap = u->log_cap ? u->log_cap * 2 : 4096;
		u->log = realloc(u->log, u->log_cap);
		if (!u->log)
			abort();
	}
	u->log[u->log_len++] = c;
}

static void rx_advance(struct sim *s, struct uarts *us, uint64_t now);

static void emit(struct sim *s, struct uart *u, uint8_t ch, uint64_t t)
{
	struct uarts *us = uarts_of(s);

	if (!baud_ok(s, u))
		ch = '?';
	if (u->n == 2) {
		uint16_t pad = scm_pad(s, 0x1A0);

		if ((pad & 7) != 0) {
			model_warn_once(&u->warn_pad, "UART3 transmits but its TX pad "
					"(uart3_tx_irtx, 0x480021A0 = 0x%04x) is not in mode 0: "
					"nothing reaches the console", pad);
			return;
		}
		fputc(ch, u->out);
		u->dirty = true;
		log_append(u, (char)ch, t);
		rx_advance(s, us, t);
		return;
	}
	if (u->line_start)
		fprintf(stderr, "[UART%d] ", u->n + 1);
	fputc(ch, stderr);
	u->line_start = ch == '\n';
}

static bool tx_enabled(struct sim *s, struct uart *u)
{
	return uart_char_ps(s, u) != 0;
}

/* Run the transmitter up to `now`. */
static void tx_progress(struct sim *s, struct uart *u, uint64_t now)
{
	for (;;) {
		uint64_t t = now;

		if (u->shifting) {
			if (u->shift_end > now)
				return;
			emit(s, u, u->shift_ch, u->shift_end);
			u->shifting = false;
			t = u->shift_end;
		}
		if (!u->txn || !tx_enabled(s, u))
			return;
		u->shift_ch = u->txq[u->txh];
		u->txh = (u->txh + 1) % FIFO_SIZE;
		u->txn--;
		u->shifting = true;
		u->shift_end = t + uart_char_ps(s, u);
		sim_event_at(s, u->shift_end); /* performance issue: THRE/TEMT change */
	}
}

static int tx_capacity(struct uart *u)
{
	return (u->fcr & 1) ? FIFO_SIZE : 1;
}

static void thr_write(struct sim *s, struct uart *u, uint8_t ch)
{
	uint64_t now = sim_now_ps(s);

	tx_progress(s, u, now);
	if (u->txn >= tx_capacity(u)) {
		u->lost++;
		if (!u->warn_lost)
			fprintf(stderr, "gtaboot-sim: warning: UART%d TX FIFO overrun at PC "
				"0x%08x: character lost (the loader did not wait for LSR.THRE)\n",
				u->n + 1, sim_pc(s));
		u->warn_lost = true;
		return;
	}
	u->txq[(u->txh + u->txn) % FIFO_SIZE] = ch;
	u->txn++;
	tx_progress(s, u, now);
}

/* ------------------------------------------------------------- input */

static bool rx_enabled(struct sim *s, struct uart *u)
{
	uint16_t pad;

	if (u->n != 2 || !uart_char_ps(s, u))
		return false;
	pad = scm_pad(s, 0x19E);
	if ((pad & 7) != 0 || !(pad & BIT(8))) {
		model_warn_once(&u->warn_rxpad, "UART3 RX pad (0x4800219E = 0x%04x) is not "
				"mode 0 with INPUTENABLE: console input is held back", pad);
		return false;
	}
	return true;
}

/* Process {wait} and {expect} items at the cursor, as of time `now`. */
static void rx_advance(struct sim *s, struct uarts *us, uint64_t now)
{
	struct console_in *in = &us->in;
	struct uart *u = &us->u[2];

	while (in->cur < in->nitems) {
		struct item *it = &in->items[in->cur];

		if (it->kind == IT_WAIT) {
			in->next_at = MAX(in->next_at, now) + it->ms * PS_PER_MS;
			in->cur++;
		} else if (it->kind == IT_EXPECT) {
			size_t from = MAX(in->expect_from, in->search_from);
			const char *hit = NULL;

			if (u->log_len >= from + it->len)
				hit = memmem(u->log + from, u->log_len - from, it->text, it->len);
			if (!hit) {
				if (u->log_len + 1 > in->expect_from + it->len)
					in->search_from = u->log_len + 1 - it->len;
				return;
			}
			in->expect_from = (size_t)(hit - u->log) + it->len;
			in->search_from = in->expect_from;
			in->next_at = MAX(in->next_at, now);
			in->cur++;
		} else if (it->kind == IT_PRESS) {   /* display issue */
			uint64_t t = MAX(in->next_at, now);

			if (s->cfg.npress < 16)
				s->cfg.press[s->cfg.npress++] = (typeof(s->cfg.press[0])){
					.power = it->ch, .at_ps = t, .until_ps = t + it->ms * PS_PER_MS };
			in->cur++;
		} else {
			return;
		}
	}
}

/*
 * A person (or lrzsz on the pty) types in host time. While the guest polls
 * for interactive input, virtual time is not allowed to run ahead of host
 * time, so a 3 s countdown or a YMODEM timeout lasts as long as it says.
 */
static void pace_to_host(struct sim *s, struct console_in *in)
{
	struct timespec now;
	int64_t host_us, virt_us = (int64_t)(sim_now_ps(s) / PS_PER_US);

	clock_gettime(CLOCK_MONOTONIC, &now);
	host_us = (int64_t)(now.tv_sec - in->host_start.tv_sec) * 1000000 +
		  (now.tv_nsec - in->host_start.tv_nsec) / 1000;
	if (virt_us > host_us) {
		int64_t d = virt_us - host_us;
		struct pollfd p = { .fd = in->fd, .events = POLLIN };

		poll(&p, 1, (int)(d > 20000 ? 20 : d / 1000));
	}
}

static bool stdin_byte(struct console_in *in, uint8_t *c)
{
	struct pollfd p = { .fd = in->fd, .events = POLLIN };
	ssize_t n;

	if (!in->stdin_open || poll(&p, 1, 0) <= 0)
		return false;
	n = read(in->fd, c, 1);
	if (n == 1)
		return true;
	if (n == 0 || (errno != EAGAIN && errno != EINTR))
		in->stdin_open = false;
	return false;
}

static void rx_poll(struct sim *s, struct uart *u)
{
	struct uarts *us = uarts_of(s);
	struct console_in *in = &us->in;
	uint64_t now = sim_now_ps(s);
	uint8_t c;

	if (u->n != 2 || u->rx_full)
		return;
	rx_advance(s, us, now);
	if (in->cur >= in->nitems && !in->stdin_open)
		return;                 /* no input at all: nothing to hold back */
	if (now < in->next_at || !rx_enabled(s, u))
		return;
	if (in->cur < in->nitems) {
		if (in->items[in->cur].kind != IT_CHAR)
			return;
		u->rx_ch = in->items[in->cur++].ch;
		u->rx_full = true;
	} else if (stdin_byte(in, &c)) {
		u->rx_ch = c;
		u->rx_full = true;
	} else {
		pace_to_host(s, in);
	}
}

static uint8_t rhr_read(struct sim *s, struct uart *u)
{
	struct uarts *us = uarts_of(s);
	uint64_t now = sim_now_ps(s);

	rx_poll(s, u);
	if (!u->rx_full)
		return 0;
	u->rx_full = false;
	us->in.next_at = now + uart_char_ps(s, u);
	rx_advance(s, us, now);
	return u->rx_ch;
}

/* Parse the input script; returns false with a message on error. */
static bool parse_escape(const char **pp, uint8_t *out)
{
	const char *p = *pp;

	switch (*p) {
	case 'n': *out = '\n'; break;
	case 'r': *out = '\r'; break;
	case 't': *out = '\t'; break;
	case 'e': *out = 0x1B; break;
	case '\\': case '{': case '}': *out = (uint8_t)*p; break;
	case 'x': {
		char hex[3] = { 0 };
		char *end;

		if (!p[1] || !p[2])
			return false;
		hex[0] = p[1];
		hex[1] = p[2];
		*out = (uint8_t)strtoul(hex, &end, 16);
		if (*end)
			return false;
		p += 2;
		break;
	}
	default:
		return false;
	}
	*pp = p + 1;
	return true;
}

static void add_item(struct console_in *in, struct item it)
{
	in->items = realloc(in->items, (in->nitems + 1) * sizeof(*in->items));
	if (!in->items)
		abort();
	in->items[in->nitems++] = it;
}

static int uart_parse_input(struct console_in *in, const char *p)
{
	while (*p) {
		uint8_t c;

		if (*p == '\\') {
			p++;
			if (!parse_escape(&p, &c))
				return -1;
			add_item(in, (struct item){ .kind = IT_CHAR, .ch = c });
		} else if (*p == '{') {
			if (!strncmp(p, "{wait ", 6)) {
				char *end;
				unsigned long ms = strtoul(p + 6, &end, 10);

				if (*end != '}' || end == p + 6)
					return -1;
				add_item(in, (struct item){ .kind = IT_WAIT, .ms = ms });
				p = end + 1;
			} else if (!strncmp(p, "{press aux", 10) || !strncmp(p, "{press power", 12)) {
				/* display issue: a button press at this point */
				bool power = p[7] == 'p';
				char *end = (char *)p + (power ? 12 : 10);
				unsigned long ms = 100;

				if (*end == ' ')
					ms = strtoul(end + 1, &end, 10);
				if (*end != '}' || !ms)
					return -1;
				add_item(in, (struct item){ .kind = IT_PRESS, .ch = power, .ms = ms });
				p = end + 1;
			} else if (!strncmp(p, "{expect ", 8)) {
				char *text = malloc(strlen(p) + 1);
				size_t len = 0;

				if (!text)
					abort();
				p += 8;
				while (*p && *p != '}') {
					if (*p == '\\') {
						p++;
						if (!parse_escape(&p, &c)) {
							free(text);
							return -1;
						}
						text[len++] = (char)c;
					} else {
						text[len++] = *p++;
					}
				}
				if (*p != '}' || !len) {
					free(text);
					return -1;
				}
				p++;
				add_item(in, (struct item){ .kind = IT_EXPECT, .text = text, .len = len });
			} else {
				return -1;
			}
		} else {
			add_item(in, (struct item){ .kind = IT_CHAR, .ch = (uint8_t)*p++ });
		}
	}
	return 0;
}

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (!f)
		return NULL;
	do {
		if (len + 4096 + 1 > cap) {
			cap = cap ? cap * 2 : 8192;
			buf = realloc(buf, cap);
			if (!buf)
				abort();
		}
		n = fread(buf + len, 1, 4096, f);
		len += n;
	} while (n);
	fclose(f);
	buf[len] = 0;
	return buf;
}

/* ------------------------------------------------------------- registers */

static void uart_reset(struct uart *u)
{
	u->dll = u->dlh = u->ier = u->lcr = u->mcr = u->spr = u->efr = u->fcr = 0;
	u->tcr = 0x0F;
	u->tlr = 0;
	u->xon1 = u->xon2 = u->xoff1 = u->xoff2 = 0;
	u->mdr1 = 7;
	u->mdr2 = u->scr = u->acreg = u->eblr = u->sysc = 0;
	u->blr = 0x40;
	u->wer = 0x7F;
	u->cfps = 0x69;
	u->txfll = u->txflh = u->rxfll = u->rxflh = 0;
	u->ier2 = u->mdr3 = u->freq_sel = 0;
	u->txh = u->txn = 0;
	u->shifting = false;
	u->rx_full = false;
}

static uint8_t lsr(struct sim *s, struct uart *u)
{
	uint8_t v = 0;

	rx_poll(s, u);
	if (u->rx_full)
		v |= BIT(0);
	if (!u->txn)
		v |= BIT(5);
	if (!u->txn && !u->shifting)
		v |= BIT(6);
	return v;
}

static uint8_t iir(struct sim *s, struct uart *u)
{
	uint8_t v = (u->fcr & 1) ? 0xC0 : 0;

	rx_poll(s, u);
	if ((u->ier & 1) && u->rx_full)
		return v | 0x04;
	if ((u->ier & 2) && !u->txn)
		return v | 0x02;
	return v | 0x01;
}

static bool has_ext_regs(struct sim *s)
{
	return s->cfg.soc == SOC_DM3730;
}

static int uart_read(struct sim *s, void *opaque, uint32_t off, unsigned size,
		     uint32_t *val)
{
	struct uart *u = opaque;
	bool cfg_b = u->lcr == 0xBF, op = !(u->lcr & 0x80);
	bool tcr_tlr = (u->efr & BIT(4)) && (u->mcr & BIT(6));
	uint8_t v;

	if (off & (size - 1))
		return SIM_EBUS;
	if (!prcm_clk_on(s, u->clk))
		return SIM_EBUS;
	tx_progress(s, u, sim_now_ps(s));
	switch (off) {
	case 0x00: v = op ? rhr_read(s, u) : u->dll; break;
	case 0x04: v = op ? u->ier : u->dlh; break;
	case 0x08: v = cfg_b ? u->efr : iir(s, u); break;
	case 0x0C: v = u->lcr; break;
	case 0x10: v = cfg_b ? u->xon1 : u->mcr; break;
	case 0x14: v = cfg_b ? u->xon2 : lsr(s, u); break;
	case 0x18: v = tcr_tlr ? u->tcr : cfg_b ? u->xoff1 : 0x00; break; /* MSR */
	case 0x1C: v = tcr_tlr ? u->tlr : cfg_b ? u->xoff2 : u->spr; break;
	case 0x20: v = u->mdr1; break;
	case 0x24: v = u->mdr2; break;
	case 0x28: v = 0; break;                      /* SFLSR */
	case 0x2C: v = 0; break;                      /* RESUME */
	case 0x30: case 0x34: v = 0; break;           /* SFREGL/H */
	case 0x38: v = op ? u->blr : 0; break;        /* BLR / UASR */
	case 0x3C: v = u->acreg; break;
	case 0x40: v = u->scr; break;
	case 0x44: v = u->txn >= tx_capacity(u) ? 1 : 0; break; /* SSR */
	case 0x48: v = u->eblr; break;
	case 0x50: v = s->cfg.soc == SOC_DM3730 ? 0x52 : 0x46; break; /* MVR */
	case 0x54: v = u->sysc; break;
	case 0x58: v = 1; break;                      /* SYSS: RESETDONE */
	case 0x5C: v = u->wer; break;
	case 0x60: v = u->cfps; break;
	case 0x64: if (!has_ext_regs(s)) return SIM_EUNIMPL; v = u->rx_full; break;
	case 0x68: if (!has_ext_regs(s)) return SIM_EUNIMPL; v = (uint8_t)u->txn; break;
	case 0x6C: if (!has_ext_regs(s)) return SIM_EUNIMPL; v = u->ier2; break;
	case 0x70: if (!has_ext_regs(s)) return SIM_EUNIMPL; v = 0; break;  /* ISR2 */
	case 0x74: if (!has_ext_regs(s)) return SIM_EUNIMPL; v = u->freq_sel; break;
	case 0x80: if (!has_ext_regs(s)) return SIM_EUNIMPL; v = u->mdr3; break;
	default: return SIM_EUNIMPL;
	}
	*val = v;
	return 0;
}

static int uart_write(struct sim *s, void *opaque, uint32_t off, unsigned size,
		      uint32_t val)
{
	struct uart *u = opaque;
	bool cfg_b = u->lcr == 0xBF, op = !(u->lcr & 0x80);
	bool tcr_tlr = (u->efr & BIT(4)) && (u->mcr & BIT(6));
	bool enh = u->efr & BIT(4);
	uint8_t v = (uint8_t)val;

	if (off & (size - 1))
		return SIM_EBUS;
	if (!prcm_clk_on(s, u->clk))
		return SIM_EBUS;
	tx_progress(s, u, sim_now_ps(s));
	switch (off) {
	case 0x00:
		if (op)
			thr_write(s, u, v);
		else
			u->dll = v;
		break;
	case 0x04:
		if (op)
			u->ier = enh ? v : (u->ier & 0xF0) | (v & 0x0F);
		else
			u->dlh = v & 0x3F;
		break;
	case 0x08:
		if (cfg_b) {
			u->efr = v;
		} else {
			if (v & BIT(1))
				u->rx_full = false;
			if (v & BIT(2))
				u->txn = 0;
			/* TX trigger bits [5:4] are writable only with EFR[4] */
			u->fcr = (v & 0xC9) | (enh ? v & 0x30 : u->fcr & 0x30);
		}
		break;
	case 0x0C: u->lcr = v; break;
	case 0x10:
		if (cfg_b)
			u->xon1 = v;
		else
			u->mcr = enh ? v : (u->mcr & 0xE0) | (v & 0x1F);
		break;
	case 0x14: if (cfg_b) u->xon2 = v; break;     /* LSR is read-only */
	case 0x18:
		if (tcr_tlr)
			u->tcr = v;
		else if (cfg_b)
			u->xoff1 = v;
		break;                                /* MSR is read-only */
	case 0x1C:
		if (tcr_tlr)
			u->tlr = v;
		else if (cfg_b)
			u->xoff2 = v;
		else
			u->spr = v;
		break;
	case 0x20:
		u->mdr1 = v;
		if ((v & 7) != 0 && (v & 7) != 2 && (v & 7) != 3 && (v & 7) != 7)
			model_warn_once(&u->warn_mode, "UART%d MDR1 = 0x%02x selects an IrDA/CIR "
					"mode: not modelled, nothing is sent", u->n + 1, v);
		break;
	case 0x24: u->mdr2 = v & 0x7F; break;
	case 0x28: u->txfll = v; break;
	case 0x2C: u->txflh = v; break;
	case 0x30: u->rxfll = v; break;
	case 0x34: u->rxflh = v; break;
	case 0x38: if (op) u->blr = v & 0xC0; break;  /* UASR is read-only */
	case 0x3C: u->acreg = v; break;
	case 0x40: u->scr = v; break;
	case 0x44: break;                             /* SSR: status */
	case 0x48: u->eblr = v; break;
	case 0x50: break;                             /* MVR: read-only */
	case 0x54:
		if (v & BIT(1)) {
			uart_reset(u);                /* SOFTRESET, done at once */
			break;
		}
		u->sysc = v & 0x1D;
		break;
	case 0x58: break;
	case 0x5C: u->wer = v & 0x7F; break;
	case 0x60: u->cfps = v; break;
	case 0x64: case 0x68: case 0x70:
		if (!has_ext_regs(s))
			return SIM_EUNIMPL;
		break;
	case 0x6C: if (!has_ext_regs(s)) return SIM_EUNIMPL; u->ier2 = v & 3; break;
	case 0x74: if (!has_ext_regs(s)) return SIM_EUNIMPL; u->freq_sel = v; break;
	case 0x80: if (!has_ext_regs(s)) return SIM_EUNIMPL; u->mdr3 = v & 7; break;
	default: return SIM_EUNIMPL;
	}
	tx_progress(s, u, sim_now_ps(s));
	return 0;
}

/* ------------------------------------------------------------- glue */

void uart_sync(struct sim *s)
{
	struct uarts *us = uarts_of(s);

	if (!us)
		return;
	for (int i = 0; i < 3; i++)
		tx_progress(s, &us->u[i], sim_now_ps(s));
	rx_poll(s, &us->u[2]);
	if (us->u[2].dirty) {
		fflush(us->u[2].out);
		us->u[2].dirty = false;
	}
}

const char *uart_output(struct sim *s, size_t *len)
{
	struct uarts *us = uarts_of(s);

	if (!us) {
		*len = 0;
		return "";
	}
	*len = us->u[2].log_len;
	return us->u[2].log_len ? us->u[2].log : "";
}

/* performance issue: [[virtual_us, "line"], ...] for the report; a line
 * without its newline yet is included as it stands. */
void uart_write_lines_json(struct sim *s, FILE *f)
{
	struct uarts *us = uarts_of(s);
	struct uart *u = us ? &us->u[2] : NULL;

	fputc('[', f);
	for (size_t i = 0; u && i < u->nlines; i++) {
		size_t from = u->lines[i].off;
		size_t to = i + 1 < u->nlines ? u->lines[i + 1].off : u->log_len;

		fprintf(f, "%s[%.3f, \"", i ? ",\n    " : "\n    ",
			(double)u->lines[i].ps / PS_PER_US);
		for (size_t k = from; k < to; k++) {
			unsigned char ch = (unsigned char)u->log[k];

			if (ch == '\n' || ch == '\r')
				continue;
			if (ch == '"' || ch == '\\')
				fprintf(f, "\\%c", ch);
			else if (ch < 0x20 || ch >= 0x7F)
				fprintf(f, "\\u%04x", ch);
			else
				fputc(ch, f);
		}
		fputs("\"]", f);
	}
	fputs(u && u->nlines ? "\n  ]" : "]", f);
}

/* Frame time of UARTn (0..2) at its current programming, for tests. */
uint64_t uart_frame_ps(struct sim *s, int n)
{
	return uart_char_ps(s, &uarts_of(s)->u[n]);
}

/* A terminal on stdin (make run): keys go to the guest as they are typed,
 * not a line at a time, and without the terminal's own echo (the guest
 * echoes). Ctrl-C still ends the simulator. Restored at exit. */
static struct termios saved_tty;

static void stdin_restore(void)
{
	tcsetattr(0, TCSANOW, &saved_tty);
}

static void stdin_signal(int sig)
{
	tcsetattr(0, TCSANOW, &saved_tty);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void stdin_raw(void)
{
	struct termios t;

	if (tcgetattr(0, &saved_tty))
		return;
	t = saved_tty;
	t.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
	t.c_iflag &= ~(tcflag_t)(ICRNL | IXON);
	t.c_cc[VMIN] = 1;
	t.c_cc[VTIME] = 0;
	if (!tcsetattr(0, TCSANOW, &t)) {
		atexit(stdin_restore);
		signal(SIGINT, stdin_signal);
		signal(SIGTERM, stdin_signal);
	}
}

void uart_init(struct sim *s)
{
	static const uint32_t base[3] = { 0x4806A000, 0x4806C000, 0x49020000 };
	static const char *const name[3] = { "UART1", "UART2", "UART3" };
	static const enum sim_clk clk[3] = { CLK_UART1, CLK_UART2, CLK_UART3 };
	struct uarts *us = calloc(1, sizeof(*us));
	const char *o = s->cfg.serial_out;

	if (!us)
		abort();
	for (int i = 0; i < 3; i++) {
		struct uart *u = &us->u[i];
		struct sim_dev d = { .name = name[i], .base = base[i], .size = 0x1000,
			.read = uart_read, .write = uart_write, .opaque = u };

		u->n = i;
		u->clk = clk[i];
		u->line_start = true;
		uart_reset(u);
		s->uart[i] = u;
		model_add_dev(s, &d);
	}
	us->u[2].out = stdout;
	us->in.fd = 0;
	if (o && !strcmp(o, "pty")) {
		/* A pseudo-terminal for picocom, screen or lrzsz's sb, as if the
		 * phone hung on a USB-serial cable. Raw, so YMODEM passes. */
		int m = posix_openpt(O_RDWR | O_NOCTTY), sl;
		struct termios t;

		if (m < 0 || grantpt(m) || unlockpt(m) || !ptsname(m)) {
			fprintf(stderr, "gtaboot-sim: cannot make a pty: %s\n", strerror(errno));
			exit(2);
		}
		sl = open(ptsname(m), O_RDWR | O_NOCTTY);
		if (sl >= 0 && !tcgetattr(sl, &t)) {
			cfmakeraw(&t);
			tcsetattr(sl, TCSANOW, &t);
		}
		/* sl stays open: the master must not see a hang-up while no
		 * program has the terminal open yet. */
		fprintf(stderr, "gtaboot-sim: console on %s\n", ptsname(m));
		us->u[2].out = fdopen(m, "wb");
		setvbuf(us->u[2].out, NULL, _IONBF, 0);
		us->in.fd = m;
		s->cfg.input_stdin = true;
	} else if (o && strcmp(o, "stdio")) {
		us->u[2].out = fopen(o, "wb");
		if (!us->u[2].out) {
			fprintf(stderr, "gtaboot-sim: %s: %s\n", o, strerror(errno));
			exit(2);
		}
	}
	if (s->cfg.input) {
		char *script = NULL;
		const char *text = s->cfg.input;

		if (text[0] == '@') {
			script = read_file(text + 1);
			if (!script) {
				fprintf(stderr, "gtaboot-sim: input file %s: %s\n", text + 1,
					strerror(errno));
				exit(2);
			}
			text = script;
		}
		if (uart_parse_input(&us->in, text)) {
			fprintf(stderr, "gtaboot-sim: bad console input script (see tools/sim/uart.c "
				"for the syntax): %s\n", s->cfg.input);
			exit(2);
		}
		free(script);
	}
	us->in.stdin_open = s->cfg.input_stdin;
	clock_gettime(CLOCK_MONOTONIC, &us->in.host_start);
	if (s->cfg.input_stdin && us->in.fd == 0 && isatty(0))
		stdin_raw();
	rx_advance(s, us, sim_now_ps(s));
}
