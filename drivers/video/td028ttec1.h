/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The TPO TD028TTEC1 panel's controller (Toppoly/JBT6K74) set up over a
 * bit-banged 9-bit SPI, as a job that advances from the idle hook. */
#ifndef DRIVERS_VIDEO_TD028TTEC1_H
#define DRIVERS_VIDEO_TD028TTEC1_H

#include <stdbool.h>
#include <stdint.h>

struct spi_gpio_pins {
	uint8_t sck, mosi, cs;    /* GPIO numbers */
	uint16_t khz;             /* the slave's maximum clock */
};

/* Pins to their idle levels (CS high, SCK high: SPI mode 3) and the delay
 * loop calibrated; nothing is sent yet. 0 or a negative errno (GPIO bank
 * not reachable). */
int td028_start(const struct spi_gpio_pins *pins, uintptr_t (*gpio_bank)(unsigned n));
/* The init sequence queued, to be sent from the next td028_step: call it
 * once the DSS's LCD output runs (the panel needs its RGB input before
 * DISPLAY_ON). Its first command waits for the panel's power-on time. */
void td028_begin(void);
/* One clock edge of the sequence if its half period has passed; true
 * once the whole sequence, DISPLAY_ON last, has been sent. Never waits. */
bool td028_step(void);
/* The panel dark, into deep standby (DISPLAY_OFF first), queued as
 * td028_begin queues the set-up; td028_begin starts it again. */
void td028_off(void);
/* Sends what is left, timed by a delay loop calibrated at td028_start (a
 * busy wait on the timer would be as long, but the simulator's idle steps
 * would stretch each half period to 50 us). */
void td028_finish(void);

#endif
