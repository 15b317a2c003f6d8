// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: UART1-3 (0x4806A000, 0x4806C000, 0x49020000) and the
 * DM37x's UART4 (0x49042000), TRM chapter
 * 17 "UART/IrDA/CIR": the 16550 registers with the OMAP register modes
 * (operational, configuration A with LCR[7] = 1, configuration B with
 * LCR = 0xBF), EFR, MDR1, 64-byte FIFOs, SSR, MVR and SYSC/SYSS
 * (SPRUF98/SPRUGN4 "UART/IrDA/CIR").
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
 *   {end}                 end the run (result "stop", exit 0) once all
 *                         before it has been typed and seen
 *   {press aux|power [MS]} press a button there for MS (default 100) ms of
 *                         virtual time (panel.c, as --press)
 *   {touch X Y [MS]}      touch the panel at pixel X,Y there for MS
 *                         (default 200) ms (tsc2007.c, as --touch)
 * Everything else is sent as is.
 *
 * Registers accept 8-, 16- and 32-bit accesses (values are 8 bits wide);
 * they need both the interface and the functional clock.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/bitops.h"
#include "tools/sim/console_in.h"
#include "tools/sim/hostterm.h"
#include "tools/sim/models.h"

#define FIFO_SIZE 64

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
	/* where each line starts in log, and when */
	struct line_mark { size_t off; uint64_t ps; } *lines;
	size_t nlines, lines_cap;
	unsigned lost;
	bool warn_lost, warn_baud, warn_pad, warn_rxpad, warn_mode;
};

struct uarts {
	struct uart u[4];
	int n;               /* 3, or 4 on the DM3730 (UART4) */
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

/* The input script's {wait}/{expect}/{end} as of t, against UART3's output. */
static void input_advance(struct sim *s, struct uarts *us, uint64_t t)
{
	console_in_advance(&us->in, us->u[2].log, us->u[2].log_len, t);
	if (us->in.ended && !s->result)
		sim_stop_here(s, sim_pc(s), "the --input script reached {end}");
}

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
		input_advance(s, us, t);
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
		sim_event_at(s, u->shift_end); /* THRE/TEMT change */
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

static void rx_poll(struct sim *s, struct uart *u)
{
	struct console_in *in = &uarts_of(s)->in;
	uint64_t now = sim_now_ps(s);
	uint8_t c;

	if (u->n != 2 || u->rx_full)
		return;
	input_advance(s, uarts_of(s), now);
	if (!console_in_pending(in))
		return;                 /* no input at all: nothing to hold back */
	if (now < in->next_at || !rx_enabled(s, u))
		return;
	if (console_in_take(s, in, &c)) {
		u->rx_ch = c;
		u->rx_full = true;
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
	input_advance(s, us, now);
	return u->rx_ch;
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

/* The interrupt line: IIR says an enabled source is pending (receive
 * data, THR empty). INTC inputs 72-74 (UART1-3) and 80 (UART4). */
static void uart_irq(struct sim *s, struct uart *u)
{
	static const unsigned irq[4] = { 72, 73, 74, 80 };

	intc_set_line(s, irq[u->n], !(iir(s, u) & 1));
}

static bool has_ext_regs(struct sim *s)
{
	return s->cfg.soc == SOC_DM3730;
}

/* An access the UART answers (aligned to its size, clocks on), with the
 * transmitter brought up to now. */
static bool clocked(struct sim *s, struct uart *u, uint32_t off, unsigned size)
{
	if ((off & (size - 1)) || !prcm_clk_on(s, u->clk))
		return false;
	tx_progress(s, u, sim_now_ps(s));
	return true;
}

static int uart_read(struct sim *s, void *opaque, uint32_t off, unsigned size,
		     uint32_t *val)
{
	struct uart *u = opaque;
	bool cfg_b = u->lcr == 0xBF, op = !(u->lcr & 0x80);
	bool tcr_tlr = (u->efr & BIT(4)) && (u->mcr & BIT(6));
	uint8_t v;

	if (!clocked(s, u, off, size))
		return SIM_EBUS;
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
	uart_irq(s, u);
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

	if (!clocked(s, u, off, size))
		return SIM_EBUS;
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
	uart_irq(s, u);
	return 0;
}

/* ------------------------------------------------------------- glue */

void uart_sync(struct sim *s)
{
	struct uarts *us = uarts_of(s);

	if (!us)
		return;
	for (int i = 0; i < us->n; i++)
		tx_progress(s, &us->u[i], sim_now_ps(s));
	rx_poll(s, &us->u[2]);
	for (int i = 0; i < us->n; i++)
		uart_irq(s, &us->u[i]);
	if (us->u[2].dirty) {
		fflush(us->u[2].out);
		us->u[2].dirty = false;
	}
}

/* At the end of a run, what the TX FIFOs still
 * hold leaves at the line rate after the stop, as on hardware that keeps
 * running: a loader may hand over with its last bytes in the FIFO. */
void uart_drain_tx(struct sim *s)
{
	struct uarts *us = uarts_of(s);

	if (!us)
		return;
	for (int i = 0; i < 3; i++)
		tx_progress(s, &us->u[i], UINT64_MAX);
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

/* [[virtual_us, "line"], ...] for the report; a line
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

void uart_init(struct sim *s)
{
	/* UART4 (0x49042000) exists on the DM37x only (SPRUGN4 chapter 19) */
	static const uint32_t base[4] = { 0x4806A000, 0x4806C000, 0x49020000, 0x49042000 };
	static const char *const name[4] = { "UART1", "UART2", "UART3", "UART4" };
	static const enum sim_clk clk[4] = { CLK_UART1, CLK_UART2, CLK_UART3, CLK_UART4 };
	struct uarts *us = calloc(1, sizeof(*us));
	const char *o = s->cfg.serial_out;
	int fd;

	if (!us)
		abort();
	us->n = s->cfg.soc == SOC_DM3730 ? 4 : 3;
	for (int i = 0; i < us->n; i++) {
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
	fd = 0;
	if (o && !strcmp(o, "pty")) {
		hostterm_pty(&us->u[2].out, &fd);
		s->cfg.input_stdin = true;
	} else if (o && strcmp(o, "stdio")) {
		/* after a brown-out restart (main.c) the console goes on */
		us->u[2].out = fopen(o, s->cfg.boot_number ? "ab" : "wb");
		if (!us->u[2].out) {
			fprintf(stderr, "gtaboot-sim: %s: %s\n", o, strerror(errno));
			exit(2);
		}
	}
	us->in.sim = s;   /* {press} reaches the panel's buttons */
	if (s->cfg.input && console_in_load(&us->in, s->cfg.input))
		exit(2);
	console_in_start(&us->in, fd, s->cfg.input_stdin);
	if (s->cfg.input_stdin && fd == 0)
		hostterm_stdin_raw();
	input_advance(s, us, sim_now_ps(s));
}
