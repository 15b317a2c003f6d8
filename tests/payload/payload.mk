# SPDX-License-Identifier: GPL-2.0-or-later
# The test payload (tests/payload): a stand-in zImage that checks the boot
# protocol, reports the DTB and powers off. Included by the top Makefile;
# `make payload` builds build/payload/zImage.
#
# Position-independent (-fPIE, linked -pie at 0, self-relocating in
# start.S) because libfdt.a is PIC with a GOT and a zImage may be loaded
# anywhere. Same ABI flags as the firmware so that libfdt.a links.

PAYLOAD_OUT  := $(BUILD)/payload
PAYLOAD_SRCS := tests/payload/start.S tests/payload/payload.c tests/payload/timer.c \
                lib/printf.c lib/string.c lib/errno.c lib/log.c \
                drivers/i2c/omap_i2c.c drivers/power/twl4030.c drivers/timer/poll.c arch/arm/io.c
PAYLOAD_OBJS := $(patsubst %,$(PAYLOAD_OUT)/obj/%.o,$(PAYLOAD_SRCS))
PAYLOAD_CFLAGS := $(FW_ARCH) $(WARN) -Os -g -std=gnu11 -ffreestanding -fno-common \
                  -ffunction-sections -fdata-sections -fno-stack-protector -fPIE \
                  -I. -isystem $(DEPS)/usr/include
PAYLOAD_LDFLAGS := $(FW_ARCH) -nostdlib -nostartfiles -Wl,-pie -Wl,--no-dynamic-linker \
                   -Wl,--gc-sections -Wl,--no-undefined -Wl,-T,tests/payload/payload.ld \
                   -Wl,-Map,$(PAYLOAD_OUT)/payload.map -Wl,--no-warn-rwx-segments \
                   -Wl,--no-enum-size-warning -Wl,-z,noexecstack

.PHONY: payload
payload: $(PAYLOAD_OUT)/zImage

$(PAYLOAD_OUT)/obj/%.c.o: %.c $(LIBFDT_A) tests/payload/payload.mk
	@mkdir -p $(dir $@)
	$(Q)$(FW_CC) $(PAYLOAD_CFLAGS) -MMD -MP -c $< -o $@

$(PAYLOAD_OUT)/obj/%.S.o: %.S tests/payload/payload.mk
	@mkdir -p $(dir $@)
	$(Q)$(FW_CC) $(PAYLOAD_CFLAGS) -MMD -MP -c $< -o $@

# libfdt.a's hard-float tag, as for the firmware (Makefile, LIBFDT_A).
$(PAYLOAD_OUT)/payload.elf: $(PAYLOAD_OBJS) $(LIBFDT_A) $(BUILD)/libfdt-vfp-free tests/payload/payload.ld
	$(Q)$(FW_CC) $(PAYLOAD_LDFLAGS) $(LIBFDT_LDFLAGS) -o $@ $(PAYLOAD_OBJS) $(LIBFDT_A) -lgcc

# Anything but R_ARM_RELATIVE left for run time would be a link error that
# start.S could only report by stopping: refuse it here instead.
$(PAYLOAD_OUT)/zImage: $(PAYLOAD_OUT)/payload.elf
	$(Q)if $(CROSS)readelf -rW $< | awk 'NR > 3 && /R_ARM_/ && !/R_ARM_RELATIVE/' | grep .; then \
	  echo "payload: relocations other than R_ARM_RELATIVE" >&2; exit 1; fi
	$(Q)$(OBJCOPY) -O binary $< $@
	@echo "payload: $@ $$(stat -c %s $@) bytes"

.PHONY: payload-clean
clean: payload-clean
payload-clean:
	rm -rf $(PAYLOAD_OUT)

# An EFI application that checks gtaboot's boot services from the other
# side (tests/payload/efitest.c, tests/system/test_efi.py): Thumb, -fPIE
# and linked with nothing writable, so it runs wherever bootefi loads it
# without relocations; tests/payload/mkefi.py makes it a PE32 image.
payload: $(PAYLOAD_OUT)/efitest.efi
$(PAYLOAD_OUT)/efitest.elf: tests/payload/efitest.c tests/payload/efitest.ld efi/uefi.h tests/payload/payload.mk
	@mkdir -p $(dir $@)
	$(Q)$(FW_CC) $(FW_ARCH) $(WARN) -Os -std=gnu11 -ffreestanding -fno-common -fPIE \
	  -fno-stack-protector -fshort-wchar -I. -nostdlib -nostartfiles -Wl,-T,tests/payload/efitest.ld \
	  -Wl,--no-warn-rwx-segments -o $@ tests/payload/efitest.c -lgcc
$(PAYLOAD_OUT)/efitest.efi: $(PAYLOAD_OUT)/efitest.elf tests/payload/mkefi.py
	$(Q)$(OBJCOPY) -O binary -j .text $< $(PAYLOAD_OUT)/efitest.bin
	$(Q)$(PYTHON) tests/payload/mkefi.py $(PAYLOAD_OUT)/efitest.bin \
	  $$(( 0x$$($(CROSS)nm $< | sed -n 's/ T efi_main$$//p') | 1 )) $@
