/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gtaboot-sim: the GTA04's Li-ion cell, its charger sources, the TWL4030
 * battery charger interface (BCI) and the under-voltage lock-out (battery.c).
 */
#ifndef GTABOOT_SIM_BATTERY_H
#define GTABOOT_SIM_BATTERY_H

#include "tools/sim/sim.h"

/* Thresholds (mV) and currents (mA) the model uses; README.md, "Battery
 * model", names the source of each. */
#define BAT_UVLO_MV      2700   /* VBAT below: the TWL4030 powers the board off */
#define BAT_START_MV     3200   /* VBAT at or above: a start-on event may start it */
#define BAT_PRECHARGE_MV 3200   /* open-circuit voltage below: hardware precharge */
#define BAT_PRECHARGE_MA 80     /* the precharge current */
#define BAT_CV_MV        4200   /* constant-voltage phase of the main charger */
#define BAT_EOC_MA       80     /* end of charge: CV current below this */
#define BAT_VBUS_MIN_MV  4400   /* VBUS under load below: USB charging stops */
#define BAT_OFF_MA       1      /* the board's draw while off */

struct battery;

/* The cell and its history: made once by main.c (or twl4030_init() when
 * there is none) and kept across brown-out restarts. */
struct battery *battery_new(const struct sim_config *c);
/* A machine (a fresh one after a restart) takes the cell: the BCI
 * registers come up at their reset values. twl4030_init() calls it. */
void battery_attach(struct sim *s);
/* Integrate the cell's charge up to now; a terminal voltage under the
 * UVLO threshold while the board runs stops the run with SIM_BROWNOUT. */
void battery_sync(struct sim *s);
/* Sources as the TWL4030 sees them now (--unplug-ms takes them away). */
bool battery_vbus(struct sim *s);
bool battery_vac(struct sim *s);
/* The BCI's registers (0x4A:0x74-0xB8 and BOOT_BCI 0x4B:0x3D): true when
 * the model owns slave:reg; then *v is read or v written. */
bool bci_read(struct sim *s, uint8_t slave, uint8_t reg, uint8_t *v);
bool bci_write(struct sim *s, uint8_t slave, uint8_t reg, uint8_t v);
/* MADC channel ch: its input in mV and the prescaler num/den before the
 * 1.5 V, 10-bit converter. */
unsigned battery_madc_mv(struct sim *s, unsigned ch, unsigned *num, unsigned *den);

/* main.c's restart loop: the virtual time from which the board, off since
 * now, sees VBAT at or above the start threshold with a start-on source,
 * or UINT64_MAX (then *why says why) when that never happens before limit. */
uint64_t battery_next_start_ps(struct sim *s, uint64_t limit, const char **why);
/* The board is on again from now (after a restart). */
void battery_restarted(struct sim *s);
unsigned battery_restarts(const struct sim *s);

/* The report's "battery", "charger" and "brownouts" fields. */
void battery_report(struct sim *s, FILE *f);

/* For unit tests: open-circuit voltage (mV) at a state of charge in 0.01 %. */
unsigned battery_ocv_mv(unsigned soc_centi);
/* and the state now, in 0.01 %, the terminal voltage and the cell current
 * (positive: charging). */
unsigned battery_soc_centi(struct sim *s);
int battery_terminal_mv(struct sim *s);
int battery_cell_ma(struct sim *s);
int battery_board_ma(struct sim *s);

#endif
