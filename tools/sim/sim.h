/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gtaboot-sim: the interface between the simulator core (CPU, bus, virtual
 * time, boot ROM, report) and the per-IP-block models (prcm.c, scm.c, ...).
 *
 * Rules every model follows:
 *  - one model per IP block, registered with sim_add_dev() at its real base;
 *  - a read or write of an offset the model does not implement returns
 *    SIM_EUNIMPL: the core stops the run and prints block, offset, access
 *    size and PC ("strict as hardware");
 *  - a model whose module clocks are gated returns SIM_EBUS (bus error, as
 *    the L4 interconnect does on hardware); the core stops with a fault;
 *  - time is virtual: models read sim_now_ps() and compute state lazily from
 *    it (e.g. UART THRE becomes 1 when the character's frame time has
 *    passed); nothing depends on host time.
 */
#ifndef GTABOOT_SIM_H
#define GTABOOT_SIM_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <unicorn/unicorn.h>

#include "tools/sim/parts.h"

#define SIM_EUNIMPL (-1) /* register not modelled: stop the run */
#define SIM_EBUS    (-2) /* module not clocked / access refused: bus error */

#define PS_PER_US 1000000ull
#define PS_PER_MS 1000000000ull
#define PS_PER_S  1000000000000ull

enum sim_result {
	SIM_RUNNING = 0,
	SIM_HANDOFF,   /* reached the kernel entry (exit 0) */
	SIM_POWEROFF,  /* TWL4030 DEVOFF (exit 0) */
	SIM_TIMEOUT,   /* --max-ms reached (exit 2) */
	SIM_FAULT,     /* guest fault, unmodelled access, bus error (exit 1) */
	SIM_WATCHDOG,  /* WDT2 expired (exit 1) */
	SIM_RESET,     /* guest asked for a global reset (PRM_RSTCTRL) */
	SIM_STOP,      /* --stop-at ADDR reached (exit 0) */
	SIM_BROWNOUT,  /* VBAT under the TWL4030's lock-out (battery.c; exit 0) */
};

enum sim_soc { SOC_OMAP3530, SOC_DM3730 };

/* One board revision the simulator plays (machine.c). */
struct sim_machine_rev {
	const char *rev;           /* --rev NAME */
	unsigned strap;            /* GPIO171..173 level: g173 << 2 | g172 << 1 | g171 */
	const char *part;          /* its memory package (parts.c): SDRAM and flash */
};

/* One machine (machine.c's table): what differs from board to board. */
struct sim_machine {
	const char *name;          /* --machine NAME, and the report's "machine" */
	enum sim_soc soc;
	uint32_t idcode;           /* TAP IDCODE of its SoC */
	const char *default_rev;
	struct sim_machine_rev revs[4]; /* ends at the first without a name */
	unsigned aux_gpio;         /* GPIO1 pin of the AUX/USER button */
	uint32_t die_id0;          /* first word of its die ID */
	/* Status LEDs: a TCA6507 LED driver on I2C bus 1..3 (0: none,
	 * tca6507.c), and LEDs on GPIOs (high = lit; ends at the first
	 * without a name), both in the report. */
	unsigned tca6507_bus;
	/* A TSC2007 touch-screen controller on I2C bus 1..3 (0: none;
	 * tsc2007.c, PENIRQ on GPIO_160) */
	unsigned tsc2007_bus;
	struct { const char *name; unsigned gpio; } gpio_leds[4];
};

/* Module clocks the PRCM model knows about; see prcm_clk_on(). */
enum sim_clk {
	CLK_UART1, CLK_UART2, CLK_UART3,
	CLK_I2C1, CLK_I2C2, CLK_I2C3,
	CLK_MMC1, CLK_MMC2, CLK_MMC3,
	CLK_GPIO1, CLK_GPIO2, CLK_GPIO3, CLK_GPIO4, CLK_GPIO5, CLK_GPIO6,
	CLK_GPT1, CLK_32KSYNC, CLK_WDT2, CLK_SDRC, CLK_SCM,
	CLK_GPT2,
	CLK_GPT3, CLK_GPT4, CLK_GPT5, CLK_GPT6, CLK_GPT7, CLK_GPT8, CLK_GPT9,
	CLK_GPT10, CLK_GPT11, CLK_GPT12,
	CLK_UART4,
	CLK_HSOTGUSB,              /* interface clock only (musb.c) */
	CLK_COUNT
};

#define SIM_MAX_INJECT 32
#define SIM_MAX_NAND_BAD 32
struct sim_inject {       /* one --inject SPEC, parsed by the core */
	char what[32];        /* e.g. "mmc-timeout", "mmc-crc", "i2c-nack" */
	long arg;             /* command index, block number, address ... */
	long count;           /* how many times (-1 = always) */
};

/* Everything the command line sets. Models read it; they never parse argv. */
struct sim_config {
	const struct sim_machine *machine;
	enum sim_soc soc;
	char rev[4];               /* "A3", "A4", "A5", or "" for beagle */
	uint32_t sdram_cs_bytes[2];/* physical SDRAM behind CS0 / CS1 */
	struct sim_part part;      /* memory package (parts.c), --sdram-part */
	/* the ROM's exit state (rom.c): --rom-clocks locked
	 * leaves DPLL1/3/4 locked on a 13 MHz sys_clk; --rom-vmmc1 on|off
	 * overrides what the boot device implies (0: as implied, 1 on, 2 off) */
	bool rom_clocks_locked;
	int rom_vmmc1;
	/* --rom-usb-ms: how long the ROM's USB boot waits for a host to read
	 * its ASIC ID (rom_usb.c; 0: 3000 ms, <0: USB boot skipped) */
	int rom_usb_ms;
	uint32_t idcode;           /* TAP IDCODE (0x4830A204) */
	uint32_t gpio_in[6];       /* GPIO1..6 input levels (pads with pull-ups etc.) */
	unsigned sys_boot;         /* SYS_BOOT[5:0] as strapped (AUX sets bit 5) */
	bool aux;                  /* AUX / USER button held at power-on */
	bool tolerate_refresh;     /* --tolerate sdram-refresh: warn, go on */
	const char *sd_image;      /* NULL: no card */
	const char *nand_image;    /* NULL: no NAND chip */
	const char *serial_out;    /* NULL or "stdio": stdout; else a file */
	const char *input;         /* console input: a string, or "@FILE" */
	bool input_stdin;          /* take console input from stdin */
	uint64_t max_ps;           /* stop with SIM_TIMEOUT at this virtual time */
	const char *report_path;
	const char *dump_dtb_path;
	bool handoff_continue;
	bool exact_timing;         /* --timing exact: a data cost per access (sim.c) */
	const char *load_raw;      /* test hook: --load-raw FILE@ADDR, bypasses ROM */
	uint32_t load_raw_addr;
	unsigned battery_mv;       /* the cell's initial open-circuit voltage (0: 3800 mV) */
	/* the cell and its chargers (battery.c): --battery-soc, --battery-mah,
	 * --battery-mohm, --no-battery, --charger-src (USB's limit),
	 * --vbus-sag-mv, --unplug-ms, --max-restarts */
	bool no_battery, battery_soc_set;
	unsigned battery_soc_centi;   /* 0.01 % */
	unsigned battery_mah, battery_mohm;
	unsigned usb_limit_ma;        /* 100 or 500 (0: 500) */
	unsigned vbus_sag_mv;         /* VBUS drop at 500 mA drawn */
	uint64_t vbus_sag_ps;         /* ... from this time on */
	uint64_t unplug_ps;           /* the sources go at this time (0: never) */
	unsigned max_restarts;        /* brown-outs the run restarts after */
	unsigned boot_number;         /* 0, then 1.. after each restart */
	enum sim_sd_type { SD_AUTO, SD_SDSC1, SD_SDSC, SD_SDHC } sd_type; /* --sd-type */
	bool power_button;
	/* --power-on-by: what started the board (twl4030.c); button: PWON
	 * held for power_on_hold_ms from the first start (0: charger) */
	unsigned power_on_hold_ms;
	bool vbus, charger;         /* --vbus, --charger: USB VBUS, charger (VAC) present */
	const char *usb_path;      /* --usb unix:PATH: the usbredir socket (usbredir.c) */
	bool usb_clock_virtual;    /* --usb-clock virtual: the bus costs virtual time,
				    * host time never paces the run (usbredir.c) */
	uint8_t twl_backup[8];     /* --twl-backup: BACKUP_REG_A..H at power-on */
	struct sim_inject inject[SIM_MAX_INJECT];
	int ninject;
	uint32_t nand_bad[SIM_MAX_NAND_BAD]; /* --nand-bad B[,B...]: factory bad blocks */
	int nnand_bad;
	bool trace_mmio;           /* --trace: print every MMIO access to stderr */
	bool stop_at_set;          /* --stop-at ADDR, end the run */
	uint32_t stop_at;          /* when execution reaches ADDR */
	/* --handoff-pc ADDR, the hand-off is the first fetch
	 * at ADDR with the MMU off (e.g. the kernel behind U-Boot proper) */
	uint32_t handoff_pc;
	bool handoff_pc_set;
	/* --handoff-mmu-on: a fetch from SDRAM with the MMU on is a hand-off
	 * too. gtaboot runs no code of its own there (its SDRAM image and
	 * efi.img run at 0xC0000000 and up), so that is the next stage: an
	 * EFI application that `bootefi` started, which runs with gtaboot's
	 * MMU on until its kernel turns it off */
	bool handoff_mmu_on;
	/* how the ROM (or --load-raw) enters the image, to play
	 * other ROMs (qemu-linaro: SYS mode, r0 = 0x4020EE28). */
	bool entry_sys;            /* --entry-mode sys (default svc) */
	bool entry_r0_set;         /* --entry-r0 ADDR given */
	uint32_t entry_r0;
	bool watch_writes;         /* --watch-writes: SDRAM write map (watch.c) */
	/* the GTA04 screen (dss.c, panel.c): --screenshot FILE[@MS] and
	 * --press aux|power@MS[+MS] */
	struct { const char *path; uint64_t at_ps; bool timed, done; } shot[8];
	int nshot;
	struct { bool power; uint64_t at_ps, until_ps; } press[16];
	int npress;
	/* --touch X,Y@MS[+MS] and {touch X Y}: panel pixels (tsc2007.c) */
	struct { uint16_t x, y; uint64_t at_ps, until_ps; } touch[16];
	int ntouch;
};

struct sim;
typedef int (*sim_read_fn)(struct sim *s, void *opaque, uint32_t off,
			   unsigned size, uint32_t *val);
typedef int (*sim_write_fn)(struct sim *s, void *opaque, uint32_t off,
			    unsigned size, uint32_t val);

struct sim_dev {
	const char *name;      /* "UART3", shown in fault messages */
	uint32_t base, size;   /* size: a multiple of 4 KiB */
	sim_read_fn read;      /* size is 1, 2 or 4 */
	sim_write_fn write;
	void *opaque;
};

struct sim {
	uc_engine *uc;
	struct sim_config cfg;
	enum sim_result result;
	char result_msg[512];

	/* virtual time */
	uint64_t now_ps;          /* advanced per executed block and by models */
	uint64_t mpu_hz;          /* the programmed DPLL1 output; set by prcm.c */
	uint64_t guest_insns;

	/* state models share (read-only for all but the owner) */
	struct prcm *prcm;        /* owner: prcm.c */
	struct scm *scm;          /* owner: scm.c */
	struct sdrc *sdrc;        /* owner: sdrc.c */
	struct uart *uart[4];     /* owner: uart.c (UART4: DM3730 only) */
	struct wdt *wdt2;         /* owner: wdt.c */
	struct gpio *gpio;        /* owner: gpio.c */
	struct twl4030 *twl;      /* owner: twl4030.c */
	struct battery *batt;     /* owner: battery.c (main.c keeps it across restarts) */
	struct tca6507 *tca6507;  /* owner: tca6507.c, NULL when not fitted */
	struct tsc2007 *tsc2007;  /* owner: tsc2007.c, NULL when not fitted */
	struct sdcard *sd;        /* owner: sdcard.c */
	struct gpmc *gpmc;        /* owner: gpmc.c */
	struct nand *nand;        /* owner: nand.c, NULL without --nand */
	struct watch *watch;      /* owner: watch.c, NULL without --watch-writes */
	struct vm *vm;            /* owner: vm.c, the holes filled while the MMU is on */
	struct profile *profile;  /* owner: profile.c, NULL without --profile */
	uint32_t prof_lo, prof_hi;/* profile.c: the PC's current range */
	struct intc *intc;        /* owner: intc.c */
	struct sysc_state *sysc;  /* owner: sysc.c */
	struct musb *musb;        /* owner: musb.c */
	struct usbredir *usbredir;/* owner: usbredir.c, NULL without --usb */

	/* hand-off record */
	uint32_t handoff_regs[16], handoff_cpsr, handoff_sctlr;
	uint64_t handoff_ps;
	uint8_t bb_cfg;           /* TWL4030 BB_CFG, for the report */
	/* every write to BB_CFG (the first 16 kept): who programmed the
	 * charger, gtaboot or, after the hand-off, the kernel */
	struct sim_bb_write { uint64_t ps; uint8_t value; bool after_handoff; }
		bb_log[16];
	unsigned bb_writes;
	/* The aborts the CPU took (data and prefetch), the first 64 kept:
	 * where a guest that pages its code in (gtaboot's second stream)
	 * touched what. */
	struct { uint64_t ps; uint32_t far, pc; bool prefetch; } abort_log[64];
	unsigned aborts;
	uint32_t stop_regs[16], stop_cpsr, stop_sctlr; /* at --stop-at */

	/* core-private state (owner: sim.c) */
	struct sim_core *core;
	/* What the boot ROM did (owner: rom.c): boot device code as in the
	 * boot parameter block (0x06 MMC1, 0x02 NAND, 0 = none/--load-raw).
	 * A model whose state the ROM leaves changed reads it at its first
	 * access, e.g. twl4030.c: VMMC1 on after an MMC1 boot. */
	uint8_t boot_device;
	bool handoff_seen;
	double host_seconds;      /* wall time inside sim_run() */
};

/* core (sim.c) */
void sim_add_dev(struct sim *s, const struct sim_dev *d);
static inline uint64_t sim_now_ps(const struct sim *s) { return s->now_ps; }
void sim_advance_ps(struct sim *s, uint64_t ps); /* a model makes the CPU wait */
void sim_stop(struct sim *s, enum sim_result r, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
uint32_t sim_pc(struct sim *s);
/* End the run with SIM_STOP ("why (r0 .., r1 .., r2 ..)"), the registers
 * recorded for the report with pc as the PC (handoff.c). */
void sim_stop_here(struct sim *s, uint32_t pc, const char *why);
/* Map host memory into the guest (RAM windows such as SDRAM chip selects);
 * the same host buffer may be mapped at several addresses (aliasing). */
int sim_map_ram(struct sim *s, uint32_t addr, uint32_t size, void *host);
void sim_unmap(struct sim *s, uint32_t addr, uint32_t size);
bool sim_inject_take(struct sim *s, const char *what, long arg);
/* A model calls this when a register read returns a value that only reflects
 * the passage of time (32 kHz counter, GPTIMER TCRR, WDT WCRR). The core uses
 * it to recognise idle polling loops (every other MMIO read unchanged, no MMIO
 * write) and then moves virtual time forward in small steps instead of
 * executing millions of identical iterations. See sim.c for the bound. */
void sim_clock_read(struct sim *s);
/* a model announces that its state changes by itself at
 * virtual time ps (a block arrives, a character is sent). The idle
 * fast-forward never steps past the earliest such time, so waits end when
 * the hardware would end them. Re-announce on every register access. */
void sim_event_at(struct sim *s, uint64_t ps);
/* virtual time of the first guest instruction. */
uint64_t sim_entry_ps(struct sim *s);

/* models' constructors and cross-model queries */
void prcm_init(struct sim *s);
bool prcm_clk_on(struct sim *s, enum sim_clk c);     /* FCLK+ICLK as needed */
uint64_t prcm_sys_clk_hz(struct sim *s);
uint64_t prcm_func_clk_hz(struct sim *s, enum sim_clk c); /* 48M for UART ... */
void scm_init(struct sim *s);
uint16_t scm_pad(struct sim *s, uint32_t offset);    /* pad config half-word */
void sdrc_init(struct sim *s);                       /* also SMS */
void uart_init(struct sim *s);
/* Bytes the console (UART3) has sent, for tests inside the simulator. */
const char *uart_output(struct sim *s, size_t *len);
/* Let the TX FIFOs empty after the stop (their characters keep their
 * virtual times); for the report and the serial output. */
void uart_drain_tx(struct sim *s);
/* UART3's lines with the virtual time their first
 * character ended, as a JSON array of [virtual_us, "text"] (report.c). */
void uart_write_lines_json(struct sim *s, FILE *f);
void wdt_init(struct sim *s);
void timers_init(struct sim *s);                     /* 32k sync + GPTIMER1 */
void gpio_init(struct sim *s);
void misc_init(struct sim *s);                       /* TAP IDs, small blocks */
/* The core calls this at least every 1 ms of virtual time (and after an
 * idle skip): DPLL lock completion and mpu_hz, WDT2 expiry (sim_stop with
 * SIM_WATCHDOG), UART transmit/receive progress, console input. */
void sim_tick_models(struct sim *s);
/* WDT2: virtual time at which it will expire, UINT64_MAX if stopped. */
uint64_t wdt_expiry_ps(struct sim *s);
/* twl4030.c: VMMC1 output in mV, 0 when off. */
unsigned twl4030_vmmc1_mv(struct sim *s);
/* twl4030.c: VPLL2 output in mV (the DM3730's vdds_dsi on the GTA04), 0 when off
 * or still ramping. */
unsigned twl4030_vpll2_mv(struct sim *s);
/* twl4030.c: BACKUP_REG_A..H now, for the report (boot counter tests). */
void twl4030_backup_regs(struct sim *s, uint8_t out[8]);
/* twl4030.c: the USB PHY powered: VUSB1V5, VUSB1V8, VUSB3V1 on and
 * PHY_PWR_CTRL.PHYPWD clear (musb.c: the ULPI link runs). */
bool twl4030_usb_phy_up(struct sim *s);
/* twl4030.c: the USB PHY as the ROM's USB boot leaves it (rom_usb.c). */
void twl4030_rom_usb_phy(struct sim *s);
/* storage models: i2c.c, twl4030.c (after i2c_init), hsmmc.c + sdcard.c */
void i2c_init(struct sim *s);                        /* I2C1-3 */
void twl4030_init(struct sim *s);                    /* TWL4030 on I2C1 */
void tca6507_init(struct sim *s);                    /* when the machine has one */
void tsc2007_init(struct sim *s);                    /* when the machine has one */
void twl4030_set_vmmc1(struct sim *s, bool on);      /* the ROM's SD power-up */
void hsmmc_init(struct sim *s);                      /* MMC1-3, card from cfg.sd_image */
void rom_boot(struct sim *s);                        /* rom.c: load MLO, set r0 */
void l3pm_init(struct sim *s);                       /* l3pm.c: L3 firewalls */
/* GPMC + NAND chip (gpmc.c, nand.c). */
void gpmc_init(struct sim *s);

/* nand.c: the ROM's NAND boot source. Copy the first valid
 * GP image (header included) from blocks 0-3, read with the ROM's ECC, into
 * buf; return its length, or -1 with *why set when there is no chip or no
 * good copy. */
long nand_rom_read(struct sim *s, uint8_t *buf, size_t max, const char **why);
/* --nand-bad B[,B...] into c->nand_bad; 0, or -1 for a bad list. */
int nand_parse_bad(struct sim_config *c, const char *arg);
/* One page (2048 data + 64 OOB bytes) as the ROM reads it, with injected
 * bit flips and factory bad-block marks; advances virtual time. 0, or -1
 * when there is no chip or no such page. */
int nand_rom_read_page(struct sim *s, uint32_t page, uint8_t *data, uint8_t *oob);
/* The ROM's ECC check of a page read that way (x16 HAM1 layout, OOB bytes
 * 2-13): corrects single-bit errors in data; 0 clean, 1 corrected, -1
 * uncorrectable. */
int nand_rom_ecc_check(uint8_t *data, const uint8_t *oob);

/* Machines (machine.c): the table's entry called name, or NULL; the
 * configuration of machine at rev (NULL or "": its default) -1 when there
 * is no such machine or revision; and every model of a machine, in the
 * order they come up (the unit tests build their machines with it too). */
const struct sim_machine *sim_machine_find(const char *name);
int sim_config_machine(struct sim_config *c, const char *machine, const char *rev);
void sim_models_init(struct sim *s);
/* The run (sim.c); main.c only parses options. */
int sim_init(struct sim *s);          /* CPU, SRAM, ROM area, all models */
enum sim_result sim_run(struct sim *s);
const char *sim_result_name(enum sim_result r);
int sim_exit_code(enum sim_result r);
/* Host pointer to guest RAM [addr, addr+len) inside one mapping, or NULL. */
void *sim_ram_ptr(struct sim *s, uint32_t addr, uint32_t len);
uint32_t sim_reg(struct sim *s, int uc_reg);
void sim_set_reg(struct sim *s, int uc_reg, uint32_t val);
uint32_t sim_cp15(struct sim *s, unsigned crn, unsigned crm, unsigned opc1, unsigned opc2);
void sim_set_cp15(struct sim *s, unsigned crn, unsigned crm, unsigned opc1, unsigned opc2,
		  uint32_t val);
/* How often the idle fast-forward stepped, and the virtual time it covered. */
uint64_t sim_idle_skips(struct sim *s, uint64_t *skipped_ps);
/* How often the CPU slept in WFI, and the virtual time it slept. */
uint64_t sim_wfi_sleeps(struct sim *s, uint64_t *slept_ps);
/* --load-raw FILE@ADDR: copy FILE to ADDR, r0 = 0, jump (bypasses the ROM). */
int sim_load_raw(struct sim *s);

/* --watch-writes (watch.c): sim_init() calls watch_init(); the report
 * writes the value of "sdram_writes" with watch_report(). */
void watch_init(struct sim *s);
void watch_report(struct sim *s, FILE *f);

/* --profile FILE (profile.c): virtual time per named address range. The
 * core calls profile_enter() when the PC leaves the current range (see
 * profile_here()); the report writes "profile" with profile_report(). */
struct profile;
int profile_load(struct sim *s, const char *path);
void profile_enter(struct sim *s, uint32_t pc);
void profile_report(struct sim *s, FILE *f);

/* intc.c: the MPU interrupt controller. Models drive their interrupt
 * lines (level); the core asks whether nIRQ is asserted. */
void intc_init(struct sim *s);
void intc_set_line(struct sim *s, unsigned irq, bool level);
bool intc_irq_asserted(struct sim *s);

/* sysc.c: the modules Linux only resets (one table). */
void sysc_init(struct sim *s);
/* rng.c: the random number generator (Linux's omap-rng) */
void rng_init(struct sim *s);
/* coresight.c: the ETM's and ETB's ID registers (Linux's AMBA bus reads them) */
void coresight_init(struct sim *s);
void sdma_init(struct sim *s);   /* sdma.c: registers only, no transfers */

/* vm.c: while the guest's MMU is on, every unclaimed range is a "hole"
 * region so that Unicorn translates the access; an access whose physical
 * address falls in a hole stops the run. */
void vm_fill(struct sim *s);
void vm_clear(struct sim *s);
bool vm_filled(struct sim *s);
/* Fault status (DFSR/IFSR layout: FS in bits 10 and 3:0, domain 7:4) of a
 * faulting access to va, from a walk of the guest's page tables. */
uint32_t vm_fault_status(struct sim *s, uint32_t va, bool user, bool write, bool fetch);
bool vm_translate(struct sim *s, uint32_t va, uint32_t *pa);

/* The DSS and its LCD output (dss.c), the GTA04's panel,
 * backlight and buttons (panel.c). */
void dss_init(struct sim *s);
void panel_init(struct sim *s);
/* Buttons and timed screenshots, from sim_tick_models(). */
void display_tick(struct sim *s);
/* Write the screen as a PNG: what the panel shows now. 0 or -1. */
int dss_screenshot(struct sim *s, const char *path);
/* The screenshots without a time, at the hand-off or at the end. */
void dss_final_screenshots(struct sim *s);
/* panel.c, for dss.c: the panel's state and the backlight. */
bool panel_showing(struct sim *s, const char **why);
/* dss.c: the LCD output sends frames (VPLL2, clocks, LCDENABLE taken); else *why. */
bool dss_lcd_running(struct sim *s, const char **why);
bool panel_backlight(struct sim *s);
/* the backlight lit at all: the GPIO or GPTIMER11's PWM (panel.c) */
bool panel_lit(struct sim *s);
/* gpio.c calls this after every write to a GPIO bank. */
void panel_pins_changed(struct sim *s);

/* report (report.c) */
void sim_write_report(struct sim *s);

#endif
