// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the OMAP3 MMC/SD/SDIO host controllers MMC1-3 (0x4809C000,
 * 0x480B4000, 0x480AD000), TRM chapter 22 "MMC/SD/SDIO Card Interface",
 * SPRUF98/SPRUGN4 "MMC/SD/SDIO" (OMAP3 layout: SYSCONFIG at 0x010, command block at
 * 0x100). MMC1 carries the SD card of cfg.sd_image (sdcard.c); MMC2/3 have
 * no card.
 *
 * Semantics modelled:
 *  - 32-bit accesses only; interface and functional clocks needed;
 *  - SYSCONFIG.SOFTRESET and SYSCTL.SRA/SRC/SRD take 1 µs, the bits read 1
 *    until done; ICS follows ICE after 1 µs;
 *  - card clock = 96 MHz / CLKD (CLKD 0 = 1) while ICE, ICS and CEN are set;
 *    without it a command never completes (CMDI stays set);
 *  - HCTL.SDBP only sticks when CAPA declares the SDVS voltage;
 *  - a STAT bit only sets when its IE bit is set; ERRI summarises 31:16;
 *  - a command costs 48 bits + 8 clocks of turnaround + the response; no
 *    response is a CTO after 64 clocks more. The card only answers when it
 *    is present, VMMC1 is at least 2.7 V, PBIAS_LITE.PWRDNZ0 is set and
 *    SDBP is on; INIT set sends the 80-clock init stream instead;
 *  - CICE/CCCE check the index and CRC of the response (R2 and R3 have
 *    neither: enabling the check for them gives CIE/CCRC);
 *  - reads: the first block arrives 100 µs after the response, then every
 *    block takes (BLEN x 8 / width + 16 CRC + 2) clocks. The 1024-byte
 *    buffer holds two blocks of up to 512 bytes (ping-pong, TRM "data
 *    buffer"): the card keeps sending while one half is free, and its
 *    clock stops while both are full. BRR rises when a block becomes
 *    readable (it lands in an empty buffer, or the CPU finished the
 *    block before it); PSTATE.BRE while one is; a block is consumed by
 *    BLEN / 4 DATA reads. TC follows the last block (after the auto CMD12
 *    with ACEN, whose response lands in RSP76). Reading DATA with BRE
 *    clear gives BADA;
 *  - data errors, as hardware would see them: a clock above 25 MHz without
 *    the card in high-speed mode (above 50 MHz at all), a bus width
 *    different from the card's, a block length different from what the
 *    card sends: DCRC. A card that stops sending (read past its end) or
 *    never starts (a read the card refused) gives DTO after
 *    2^(13 + SYSCTL.DTO) clocks.
 *  - writes (DP without DDIR), TRM "MMC/SD/SDIO" write transfer in PIO
 *    mode: BWR rises when a half of the buffer can take a block
 *    (PSTATE.BWE while it can, WTA while the transfer runs); a block is
 *    BLEN / 4 DATA writes; it then goes out on the bus (the same clocks as
 *    a read), the card programs it (busy on DAT0, sdcard.c) and the next
 *    one leaves once the card is ready. TC follows the card's busy after
 *    the last block (BCE count, or CMD12 for an open-ended CMD25). Writing
 *    DATA while BWE is clear gives BADA. The card's CRC status "error"
 *    (wrong clock or width, mmc-crc on the block) gives DCRC; a card that
 *    takes no data (refused the command, write-protected) gives no CRC
 *    status: DTO.
 * Fault injection: mmc-timeout:CMD[:COUNT] (no response to CMDn, ACMDs by
 * their index), mmc-crc:BLOCK[:COUNT] (data CRC error on that card block,
 * read or written).
 */
#include <stdlib.h>
#include <string.h>

#include "lib/bitops.h"
#include "tools/sim/sdcard.h"

#define SYSCTL_ICE  BIT(0)
#define SYSCTL_ICS  BIT(1)
#define SYSCTL_CEN  BIT(2)
#define SYSCTL_SRA  BIT(24)
#define SYSCTL_SRC  BIT(25)
#define SYSCTL_SRD  BIT(26)

#define ST_CC    BIT(0)
#define ST_TC    BIT(1)
#define ST_BWR   BIT(4)
#define ST_BRR   BIT(5)
#define ST_ERRI  BIT(15)
#define ST_CTO   BIT(16)
#define ST_CCRC  BIT(17)
#define ST_CIE   BIT(19)
#define ST_DTO   BIT(20)
#define ST_DCRC  BIT(21)
#define ST_CERR  BIT(28)
#define ST_BADA  BIT(29)

#define CMD_BCE   BIT(1)
#define CMD_ACEN  BIT(2)
#define CMD_DDIR  BIT(4)
#define CMD_MSBS  BIT(5)
#define CMD_CCCE  BIT(19)
#define CMD_CICE  BIT(20)
#define CMD_DP    BIT(21)

#define NEVER UINT64_MAX
#define RESET_PS PS_PER_US
#define NAC_PS (100 * PS_PER_US)

struct hsmmc {
	int n;
	const char *name;
	enum sim_clk clk;
	struct sdcard *sd;
	/* registers */
	uint32_t sysconfig, csre, systest, con, pwcnt, blk, arg, cmd, rsp[4];
	uint32_t hctl, sysctl, stat, ie, ise, ac12, capa, cur_capa;
	uint64_t reset_done_ps, sra_ps, src_ps, srd_ps, ics_ps;
	/* command in flight */
	bool cmd_busy;
	uint64_t cmd_done_ps;
	uint32_t cmd_stat;          /* STAT bits it raises when done */
	/* data in flight */
	bool data_busy, data_halted, want_acmd12;
	long blocks_left;           /* -1: until CMD12 */
	uint64_t blk_ready_ps, tc_ps, dto_ps;
	uint8_t buf[2][512];        /* the ping-pong halves */
	unsigned blen, pos;
	unsigned rd, nfull;         /* half the CPU reads; halves holding a block */
	/* write transfer: CPU fills buf[wcpu], halves queued for the bus */
	bool writing;
	unsigned wcpu, wqueued;
	long wcpu_left;             /* blocks the CPU still has to write; -1: open */
	uint64_t wsent_ps;          /* the block on the bus is out; NEVER: none */
	bool card_was_powered;
	bool warn_cmdi;
};

static uint64_t card_hz(struct sim *s, struct hsmmc *h)
{
	uint32_t clkd = (h->sysctl >> 6) & 0x3FF;
	uint64_t f = prcm_func_clk_hz(s, h->clk);

	if (!(h->sysctl & SYSCTL_ICE) || !(h->sysctl & SYSCTL_CEN) ||
	    sim_now_ps(s) < h->ics_ps)
		return 0;
	return f / (clkd ? clkd : 1);
}

static uint64_t clocks(struct sim *s, struct hsmmc *h, uint64_t n)
{
	uint64_t hz = card_hz(s, h);

	return hz ? ps_for_ticks(n, hz) : NEVER;
}

static void stat_raise(struct hsmmc *h, uint32_t bits)
{
	h->stat |= bits & h->ie & ~ST_ERRI;
}

static bool card_powered(struct sim *s, struct hsmmc *h)
{
	uint32_t pbias = 0;
	bool vmmc = twl4030_vmmc1_mv(s) >= 2700;

	if (!h->sd)
		return false;
	if (!vmmc) {
		if (h->card_was_powered)
			sdcard_power_off(h->sd);
		h->card_was_powered = false;
		return false;
	}
	h->card_was_powered = true;
	if (model_mmio(s, false, 0x48002520, 4, &pbias) || !(pbias & BIT(1)))
		return false;
	return h->hctl & BIT(8);
}

static void regs_reset(struct hsmmc *h, bool keep_capa)
{
	h->sysconfig = 0x15;
	h->csre = h->systest = h->pwcnt = h->blk = h->arg = h->cmd = 0;
	memset(h->rsp, 0, sizeof(h->rsp));
	h->con = 0x500;
	h->hctl = h->sysctl = h->stat = h->ie = h->ise = h->ac12 = 0;
	if (!keep_capa) {
		h->capa = 0x00E10080;
		h->cur_capa = 0;
	}
	h->cmd_busy = h->data_busy = h->data_halted = false;
	h->nfull = h->rd = 0;
	h->tc_ps = h->dto_ps = h->blk_ready_ps = NEVER;
	h->ics_ps = NEVER;
	h->writing = false;
	h->wqueued = 0;
	h->wsent_ps = NEVER;
}

static void data_reset(struct hsmmc *h)
{
	h->writing = false;
	h->wqueued = 0;
	h->wsent_ps = NEVER;
	h->data_busy = h->data_halted = h->want_acmd12 = false;
	h->tc_ps = h->dto_ps = h->blk_ready_ps = NEVER;
	h->pos = 0;
	h->nfull = h->rd = 0;
}

static uint64_t block_ps(struct sim *s, struct hsmmc *h)
{
	unsigned width = (h->hctl & BIT(1)) ? 4 : 1;

	return clocks(s, h, (uint64_t)h->blen * 8 / width + 16 + 2);
}

static uint64_t data_timeout_ps(struct sim *s, struct hsmmc *h)
{
	unsigned dto = (h->sysctl >> 16) & 0xF;

	return clocks(s, h, 1ull << (13 + (dto > 14 ? 14 : dto)));
}

static bool write_ok_on_bus(struct sim *s, struct hsmmc *h)
{
	uint64_t hz = card_hz(s, h);
	unsigned width = (h->hctl & BIT(1)) ? 4 : 1;

	return h->blen == 512 && width == sdcard_bus_width(h->sd) && hz <= 50000000 &&
		(hz <= 25000000 || sdcard_high_speed(h->sd));
}

/* The block on the bus reached the card; the next queued one follows once
 * the card has programmed it. */
static void write_progress(struct sim *s, struct hsmmc *h, uint64_t now)
{
	while (h->writing && !h->data_halted && h->wsent_ps <= now) {
		uint64_t t = h->wsent_ps, busy;
		unsigned half = (h->wcpu + 2 - h->wqueued) & 1;
		long lba = sdcard_write_lba(h->sd);
		bool crc_ok = write_ok_on_bus(s, h) && !(lba >= 0 && sim_inject_take(s, "mmc-crc", lba));
		int r = sdcard_write_block(s, h->sd, h->buf[half], h->blen, crc_ok);

		h->wsent_ps = NEVER;
		if (s->result)
			return;
		if (r <= 0) {
			h->data_halted = true;
			if (r < 0)
				stat_raise(h, ST_DCRC);
			else
				h->dto_ps = t + data_timeout_ps(s, h);
			return;
		}
		h->wqueued--;
		if (h->blocks_left > 0)
			h->blocks_left--;
		/* a half came free: the CPU may write the next block */
		if (h->wcpu_left != 0 && h->wqueued < 2)
			stat_raise(h, ST_BWR);
		busy = sdcard_busy_until(s, h->sd);
		if (busy < t)
			busy = t;
		if (h->blocks_left == 0) {
			h->writing = false;
			if (h->want_acmd12) {
				uint32_t resp[4];

				if (sdcard_command(s, h->sd, 12, 0, resp) == 48)
					h->rsp[3] = resp[0];
				busy = sdcard_busy_until(s, h->sd) > busy ? sdcard_busy_until(s, h->sd) : busy;
			}
			h->tc_ps = busy + clocks(s, h, 2);
			return;
		}
		if (h->wqueued)
			h->wsent_ps = busy + block_ps(s, h);
	}
	if (h->writing && h->wsent_ps != NEVER)
		sim_event_at(s, h->wsent_ps);
}

/* Play the events whose time has come, in order. */
static void update(struct sim *s, struct hsmmc *h)
{
	uint64_t now = sim_now_ps(s);

	if (h->cmd_busy && h->cmd_done_ps <= now) {
		h->cmd_busy = false;
		stat_raise(h, h->cmd_stat);
	}
	while (h->data_busy && !h->data_halted && h->nfull < 2 && h->blk_ready_ps <= now) {
		uint64_t t = h->blk_ready_ps;
		uint64_t hz = card_hz(s, h);
		unsigned width = (h->hctl & BIT(1)) ? 4 : 1;
		long lba;
		int n = sdcard_read_block(h->sd, h->buf[(h->rd + h->nfull) & 1],
					  sizeof(h->buf[0]), &lba);

		h->blk_ready_ps = NEVER;
		if (n <= 0) {
			/* the card sends nothing more: the host times out */
			h->data_halted = true;
			h->dto_ps = t + data_timeout_ps(s, h);
			break;
		}
		if ((unsigned)n != h->blen || width != sdcard_bus_width(h->sd) ||
		    hz > 50000000 || (hz > 25000000 && !sdcard_high_speed(h->sd)) ||
		    (lba >= 0 && sim_inject_take(s, "mmc-crc", lba))) {
			h->data_halted = true;
			stat_raise(h, ST_DCRC);
			break;
		}
		if (!h->nfull++)
			stat_raise(h, ST_BRR);
		if (h->blocks_left > 0)
			h->blocks_left--;
		/* the other half is free: the card goes on sending */
		if (h->nfull < 2 && h->blocks_left != 0)
			h->blk_ready_ps = t + block_ps(s, h);
	}
	write_progress(s, h, now);
	/* the idle fast-forward stops at these */
	if (h->cmd_busy)
		sim_event_at(s, h->cmd_done_ps);
	if (h->data_busy) {
		sim_event_at(s, h->blk_ready_ps);
		sim_event_at(s, h->tc_ps);
		sim_event_at(s, h->dto_ps);
	}
	if (h->data_busy && h->dto_ps <= now) {
		h->dto_ps = NEVER;
		stat_raise(h, ST_DTO);
	}
	if (h->data_busy && h->tc_ps <= now) {
		h->data_busy = false;
		h->tc_ps = NEVER;
		stat_raise(h, ST_TC);
	}
	/* a driver polling STAT/PSTATE is idle until the next event */
	{
		uint64_t next = h->cmd_busy ? h->cmd_done_ps : NEVER;
		const uint64_t ev[] = { h->blk_ready_ps, h->dto_ps, h->tc_ps, h->ics_ps,
					h->reset_done_ps, h->sra_ps, h->src_ps, h->srd_ps };

		for (unsigned i = 0; i < ARRAY_SIZE(ev); i++)
			if (ev[i] > now && ev[i] < next)
				next = ev[i];
		if (next != NEVER)
			sim_event_at(s, next);
	}
}

static uint32_t pstate(struct sim *s, struct hsmmc *h)
{
	uint32_t v = BIT(24) | 0xF << 20;

	if (h->cmd_busy)
		v |= BIT(0);
	if (h->data_busy)
		v |= BIT(1) | BIT(2) | BIT(9);
	if (h->nfull)
		v |= BIT(11);
	if (h->writing) {
		v |= BIT(8);                                  /* WTA */
		if (h->wqueued < 2 && h->wcpu_left != 0 && !h->cmd_busy)
			v |= BIT(10);                         /* BWE */
	}
	if (h->sd)
		v |= BIT(16) | BIT(17) | BIT(18);
	return v;
}

static void start_command(struct sim *s, struct hsmmc *h, uint32_t v)
{
	uint64_t now = sim_now_ps(s);
	unsigned idx = (v >> 24) & 0x3F, rsp_type = (v >> 16) & 3;
	uint32_t resp[4];
	int bits;

	h->cmd = v;
	if (h->cmd_busy) {
		model_warn_once(&h->warn_cmdi, "%s: CMD written while PSTATE.CMDI is set: ignored",
				h->name);
		return;
	}
	h->cmd_busy = true;
	h->cmd_stat = ST_CC;
	if (!card_hz(s, h)) {
		h->cmd_done_ps = NEVER;
		return;
	}
	if (h->con & BIT(1)) {
		h->cmd_done_ps = now + clocks(s, h, 80);
		return;
	}
	if (rsp_type == 0) {
		/* nothing to wait for: done once the command is out */
		if (card_powered(s, h))
			sdcard_command(s, h->sd, idx, h->arg, resp);
		h->cmd_done_ps = now + clocks(s, h, 48 + 8);
		return;
	}
	if (!card_powered(s, h) || sim_inject_take(s, "mmc-timeout", idx)) {
		h->cmd_stat = ST_CTO;
		h->cmd_done_ps = now + clocks(s, h, 48 + 64);
		return;
	}
	bits = sdcard_command(s, h->sd, idx, h->arg, resp);
	if (s->result)
		return;
	if (!bits) {
		h->cmd_stat = ST_CTO;
		h->cmd_done_ps = now + clocks(s, h, 48 + 64);
		return;
	}
	h->cmd_done_ps = now + clocks(s, h, 48 + 8 + (unsigned)bits);
	if ((bits == 136) != (rsp_type == 1)) {
		h->cmd_stat = ST_CCRC;   /* the host framed the wrong length */
		return;
	}
	if (bits == 136) {
		for (int i = 0; i < 4; i++)
			h->rsp[3 - i] = resp[i];
	} else {
		h->rsp[0] = resp[0];
	}
	/* R2 and R3 carry 0x3F instead of an index, R3 all-ones for CRC */
	if ((v & CMD_CICE) && (bits == 136 || idx == 41))
		h->cmd_stat |= ST_CIE;
	if ((v & CMD_CCCE) && idx == 41 && bits == 48)
		h->cmd_stat |= ST_CCRC;
	if (bits == 48 && idx != 41 && idx != 8 && (resp[0] & h->csre))
		h->cmd_stat |= ST_CERR;
	if (rsp_type == 3 && !(v & CMD_DP)) {
		/* R1b: busy on DAT0 for a few clocks or while the card
		 * programs (CMD12 after a write), then TC */
		uint64_t busy = sdcard_busy_until(s, h->sd);

		h->data_busy = true;
		h->tc_ps = h->cmd_done_ps + clocks(s, h, 16);
		if (busy > h->tc_ps)
			h->tc_ps = busy;
	}
	if ((v & CMD_DP) && !(v & CMD_DDIR)) {
		data_reset(h);
		h->data_busy = true;
		h->writing = true;
		h->blen = h->blk & 0x7FF;
		if (h->blen > sizeof(h->buf[0]))
			h->blen = sizeof(h->buf[0]);
		h->blocks_left = (v & CMD_MSBS) ? ((v & CMD_BCE) ? (long)(h->blk >> 16) : -1) : 1;
		h->wcpu_left = h->blocks_left;
		h->want_acmd12 = (v & CMD_ACEN) && (v & CMD_MSBS);
		h->wcpu = 0;
		h->pos = 0;
		/* the buffer is empty: ready for the first block once the
		 * response is in (a refused command takes no data either: the
		 * host only learns it from the missing CRC status) */
		h->cmd_stat |= ST_BWR;
	}
	if ((v & CMD_DP) && (v & CMD_DDIR)) {
		data_reset(h);
		h->data_busy = true;
		h->blen = h->blk & 0x7FF;
		if (h->blen > sizeof(h->buf[0]))
			h->blen = sizeof(h->buf[0]);
		h->blocks_left = (v & CMD_MSBS) ? ((v & CMD_BCE) ? (long)(h->blk >> 16) : -1) : 1;
		h->want_acmd12 = (v & CMD_ACEN) && (v & CMD_MSBS);
		h->blk_ready_ps = h->cmd_done_ps + NAC_PS + block_ps(s, h);
		if (resp[0] & (SD_OUT_OF_RANGE | SD_ADDRESS_ERROR | SD_BLOCK_LEN_ERR)) {
			/* the card refused: no data will come */
			h->blk_ready_ps = NEVER;
			h->data_halted = true;
			h->dto_ps = h->cmd_done_ps + data_timeout_ps(s, h);
		}
	}
}

/* The last word of a block was read: next block, or the end. */
static void block_done(struct sim *s, struct hsmmc *h)
{
	uint64_t now = sim_now_ps(s);

	h->pos = 0;
	h->rd ^= 1;
	h->nfull--;
	/* a half is free again: a stopped card clock restarts */
	if (h->blocks_left != 0 && h->blk_ready_ps == NEVER && !h->data_halted)
		h->blk_ready_ps = now + block_ps(s, h);
	if (h->nfull) {
		stat_raise(h, ST_BRR);
		return;
	}
	if (h->blocks_left != 0)
		return;
	if (h->want_acmd12) {
		uint32_t resp[4];
		int bits = sdcard_command(s, h->sd, 12, 0, resp);

		if (bits == 48)
			h->rsp[3] = resp[0];
		h->tc_ps = now + clocks(s, h, 48 + 8 + 48 + 16);
	} else {
		h->tc_ps = now + clocks(s, h, 2);
	}
}

/* A 32-bit access with the module clocked, the state brought up to now. */
static bool clocked(struct sim *s, struct hsmmc *h, uint32_t off, unsigned size)
{
	if (size != 4 || (off & 3) || !prcm_clk_on(s, h->clk))
		return false;
	update(s, h);
	return true;
}

static int hsmmc_read(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t *val)
{
	struct hsmmc *h = opaque;
	uint64_t now = sim_now_ps(s);

	if (!clocked(s, h, off, size))
		return SIM_EBUS;
	switch (off) {
	case 0x010: *val = h->sysconfig; break;
	case 0x014: *val = now >= h->reset_done_ps; break;
	case 0x024: *val = h->csre; break;
	case 0x028: *val = h->systest; break;
	case 0x02C: *val = h->con; break;
	case 0x030: *val = h->pwcnt; break;
	case 0x104: *val = h->blk; break;
	case 0x108: *val = h->arg; break;
	case 0x10C: *val = h->cmd; break;
	case 0x110: case 0x114: case 0x118: case 0x11C:
		*val = h->rsp[(off - 0x110) / 4];
		break;
	case 0x120:
		if (!h->nfull) {
			stat_raise(h, ST_BADA);
			*val = 0;
			break;
		}
		*val = get_le32(h->buf[h->rd] + h->pos);
		h->pos += 4;
		if (h->pos >= h->blen)
			block_done(s, h);
		break;
	case 0x124: *val = pstate(s, h); break;
	case 0x128: *val = h->hctl; break;
	case 0x12C: {
		uint32_t v = h->sysctl & ~(SYSCTL_ICS | SYSCTL_SRA | SYSCTL_SRC | SYSCTL_SRD);

		if ((h->sysctl & SYSCTL_ICE) && now >= h->ics_ps)
			v |= SYSCTL_ICS;
		if (now < h->sra_ps)
			v |= SYSCTL_SRA;
		if (now < h->src_ps)
			v |= SYSCTL_SRC;
		if (now < h->srd_ps)
			v |= SYSCTL_SRD;
		*val = v;
		break;
	}
	case 0x130: *val = h->stat | ((h->stat & 0xFFFF0000u) ? ST_ERRI : 0); break;
	case 0x134: *val = h->ie; break;
	case 0x138: *val = h->ise; break;
	case 0x13C: *val = h->ac12; break;
	case 0x140: *val = h->capa; break;
	case 0x148: *val = h->cur_capa; break;
	case 0x1FC: *val = 0x26000000; break;
	default: return SIM_EUNIMPL;
	}
	return 0;
}

static int hsmmc_write(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t v)
{
	struct hsmmc *h = opaque;
	uint64_t now = sim_now_ps(s);

	if (!clocked(s, h, off, size))
		return SIM_EBUS;
	switch (off) {
	case 0x010:
		if (v & BIT(1)) {
			regs_reset(h, false);
			h->reset_done_ps = now + RESET_PS;
		} else {
			h->sysconfig = v & 0x31D;
		}
		break;
	case 0x014: break;
	case 0x024: h->csre = v; break;
	case 0x028: h->systest = v; break;
	case 0x02C: h->con = v & 0x1FFFFF; break;
	case 0x030: h->pwcnt = v & 0xFFFF; break;
	case 0x104: h->blk = v & 0xFFFF07FF; break;
	case 0x108: h->arg = v; break;
	case 0x10C: start_command(s, h, v & 0x3FFB0037); break;
	case 0x110: case 0x114: case 0x118: case 0x11C: break;
	case 0x120:
		if (!h->writing || h->wqueued >= 2 || h->wcpu_left == 0 || h->cmd_busy) {
			stat_raise(h, ST_BADA);   /* BWE clear: nowhere to put it */
			break;
		}
		set_le32(h->buf[h->wcpu] + h->pos, v);
		h->pos += 4;
		if (h->pos >= h->blen) {
			h->pos = 0;
			h->wcpu ^= 1;
			if (h->wcpu_left > 0)
				h->wcpu_left--;
			if (!h->wqueued++ && h->wsent_ps == NEVER) {
				uint64_t busy = sdcard_busy_until(s, h->sd);

				h->wsent_ps = (busy > now ? busy : now) + block_ps(s, h);
			}
			if (h->wqueued < 2 && h->wcpu_left != 0)
				stat_raise(h, ST_BWR);
			update(s, h);
		}
		break;
	case 0x124: break;
	case 0x128: {
		unsigned sdvs = (v >> 9) & 7;
		uint32_t need = sdvs == 7 ? BIT(24) : sdvs == 6 ? BIT(25) : sdvs == 5 ? BIT(26) : 0;

		h->hctl = v & 0x0F0F0FFF;
		if (!(h->capa & need))
			h->hctl &= ~BIT(8);
		break;
	}
	case 0x12C:
		if ((v & SYSCTL_ICE) && !(h->sysctl & SYSCTL_ICE))
			h->ics_ps = prcm_func_clk_hz(s, h->clk) ? now + RESET_PS : NEVER;
		if (!(v & SYSCTL_ICE))
			h->ics_ps = NEVER;
		h->sysctl = v & 0x000FFFC5;
		if (v & SYSCTL_SRA) {
			uint32_t sysconfig = h->sysconfig;

			regs_reset(h, true);
			h->sysconfig = sysconfig;
			h->sra_ps = now + RESET_PS;
		}
		if (v & SYSCTL_SRC) {
			h->cmd_busy = false;
			h->src_ps = now + RESET_PS;
		}
		if (v & SYSCTL_SRD) {
			data_reset(h);
			h->srd_ps = now + RESET_PS;
		}
		break;
	case 0x130: h->stat &= ~(v & ~ST_ERRI); break;
	case 0x134: h->ie = v & 0x317F0337; break;
	case 0x138: h->ise = v & 0x317F0337; break;
	case 0x13C: break;
	case 0x140: h->capa = (h->capa & ~0x07000000u) | (v & 0x07000000u); break;
	case 0x148: h->cur_capa = v & 0xFFFFFF; break;
	case 0x1FC: break;
	default: return SIM_EUNIMPL;
	}
	return 0;
}

void hsmmc_init(struct sim *s)
{
	static const struct { uint32_t base; const char *name; } info[3] = {
		{ 0x4809C000, "MMC1" }, { 0x480B4000, "MMC2" }, { 0x480AD000, "MMC3" },
	};

	for (int i = 0; i < 3; i++) {
		struct hsmmc *h = calloc(1, sizeof(*h));
		struct sim_dev d = {
			.name = info[i].name, .base = info[i].base, .size = 0x1000,
			.read = hsmmc_read, .write = hsmmc_write,
		};

		if (!h)
			abort();
		h->n = i;
		h->name = info[i].name;
		h->clk = (enum sim_clk)(CLK_MMC1 + i);
		regs_reset(h, false);
		h->reset_done_ps = 0;
		h->sra_ps = h->src_ps = h->srd_ps = 0;
		if (i == 0 && s->cfg.sd_image) {
			h->sd = sdcard_open(s->cfg.sd_image, s->cfg.sd_type);
			if (!h->sd)
				sim_stop(s, SIM_FAULT, "SD image %s unusable", s->cfg.sd_image);
			s->sd = h->sd;
		}
		d.opaque = h;
		model_add_dev(s, &d);
	}
}
