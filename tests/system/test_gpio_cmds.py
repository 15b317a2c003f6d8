# SPDX-License-Identifier: GPL-2.0-or-later
"""U-Boot's gpio and led commands in the simulator: Debian's userbutton
(`gpio input 7`, its status the pin's level) with the USER/AUX button
free and held, set/clear/toggle/status on the Beagle's USR LED GPIOs
(the model's pin levels in the report), unknown pins refused, and led
with Linux's labels on the Beagle's GPIOs and the GTA04's TCA6507."""
import pytest

import test_letux as tl

firmware = tl.firmware
session, output = tl.session, tl.output


@pytest.mark.parametrize("machine", ["gta04", "beagle"])
def test_gpio_input_is_the_button(machine):
    cmd = "gpio input 7; echo st=$?"
    free = session([cmd], machine=machine)
    held = session([cmd, "if gpio input 7; then echo free; else echo pressed; fi"],
                   machine=machine, extra=["--aux"])
    # AUX/USER pull the pin high when pressed
    assert output(free.serial, cmd).startswith("gpio: pin 7 (gpio 7) value is 0\r\nst=0\r\n")
    assert output(held.serial, cmd).startswith("gpio: pin 7 (gpio 7) value is 1\r\nst=1\r\n")
    assert "pressed" in held.serial


def test_gpio_beagle_usr_leds():
    cmds = ["gpio set 149", "gpio clear 150", "gpio status 149", "gpio toggle 150",
            "gpio toggle 149", "gpio status", "gpio status gpio@49056000_22",
            "gpio clear 500", "gpio set x", "gpio frob 3", "gpio input"]
    r = session(cmds, machine="beagle")
    o = {c: output(r.serial, c) for c in cmds}
    assert o["gpio set 149"] == "gpio: pin 149 (gpio 149) value is 1\r\n"
    assert o["gpio clear 150"] == "gpio: pin 150 (gpio 150) value is 0\r\n"
    # one pin: under its bank's line, as U-Boot's gpio status <pin>
    assert o["gpio status 149"] == "Bank gpio@49056000_:\r\n" \
        "gpio@49056000_21: output: 1 [x] led\r\n"
    assert o["gpio toggle 150"] == "gpio: pin 150 (gpio 150) value is 1\r\n"
    assert o["gpio toggle 149"] == "gpio: pin 149 (gpio 149) value is 0\r\n"
    assert o["gpio status"] == "Bank gpio@49056000_:\r\ngpio@49056000_21: output: 0 [x] led\r\n" \
        "gpio@49056000_22: output: 1 [x] led\r\n"
    assert o["gpio status gpio@49056000_22"] == "Bank gpio@49056000_:\r\n" \
        "gpio@49056000_22: output: 1 [x] led\r\n"
    assert o["gpio clear 500"] == "GPIO: '500' not found\r\nCommand 'gpio' failed: Error -22\r\n"
    assert "GPIO: 'x' not found" in o["gpio set x"]
    assert "usage: gpio" in o["gpio frob 3"] and "usage: gpio" in o["gpio input"]
    assert r.report["gpio_leds"] == {"usr0": 1, "usr1": 0}


def test_gpio_status_all_lists_every_bank():
    r = session(["gpio status -a"], machine="beagle")
    out = output(r.serial, "gpio status -a")
    for base in ("48310000", "49050000", "49052000", "49054000", "49056000", "49058000"):
        assert "Bank gpio@%s_:\r\n" % base in out
    assert out.count("\r\n") == 192 + 6 + 5
    assert "gpio@48310000_7: input: 0 [ ]\r\n" in out


def test_gpio_status_of_a_bank():
    """U-Boot's gpio status [-a] <bank>: that bank's claimed pins, or all
    32 with -a; the bank's name in any case, as U-Boot compares it."""
    cmds = ["gpio status gpio@49056000_", "gpio status -a GPIO@48310000_",
            "gpio status gpio@49050000_", "gpio status -a gpio@48310000_32"]
    r = session(cmds, machine="beagle")
    o = {c: output(r.serial, c) for c in cmds}
    assert o["gpio status gpio@49056000_"] == "Bank gpio@49056000_:\r\n" \
        "gpio@49056000_21: input: 0 [x] led\r\ngpio@49056000_22: input: 0 [x] led\r\n"
    bank = o["gpio status -a GPIO@48310000_"]
    assert bank.startswith("Bank gpio@48310000_:\r\ngpio@48310000_0: input: ")
    assert bank.count("\r\n") == 33 and "gpio@48310000_31: " in bank
    assert "gpio@49050000_" not in bank
    # a bank without claimed pins: nothing, as U-Boot
    assert o["gpio status gpio@49050000_"] == ""
    assert o["gpio status -a gpio@48310000_32"] == \
        "GPIO: 'gpio@48310000_32' not found\r\nCommand 'gpio' failed: Error -22\r\n"


def test_led_beagle():
    cmds = ["led list", "led beagleboard::usr1 on", "led beagleboard::usr1",
            "led beagleboard::usr0 t", "led list", "led beagleboard::usr0 off",
            "led nosuch on", "led beagleboard::usr0 dim"]
    r = session(cmds, machine="beagle")
    o = {c: output(r.serial, c) for c in cmds}
    assert r.serial.count("beagleboard::usr0 off\r\nbeagleboard::usr1 off\r\n") == 1
    assert o["led beagleboard::usr1"] == "LED 'beagleboard::usr1': on\r\n"
    assert "beagleboard::usr0 on\r\nbeagleboard::usr1 on\r\n" in r.serial
    assert o["led nosuch on"] == "LED 'nosuch' not found (err=-19)\r\n"
    assert "usage: led" in o["led beagleboard::usr0 dim"]
    assert r.report["gpio_leds"] == {"usr0": 0, "usr1": 1}


def test_led_gta04_tca6507():
    cmds = ["led list", "led gta04:green:power on", "led gta04:red:aux toggle",
            "led gta04:green:power"]
    r = session(cmds)
    o = {c: output(r.serial, c) for c in cmds}
    assert o["led list"] == "gta04:red:aux   off\r\ngta04:green:aux off\r\n" \
        "gta04:red:power off\r\ngta04:green:power off\r\n"
    assert o["led gta04:green:power"] == "LED 'gta04:green:power': on\r\n"
    assert r.report["tca6507"]["ports"] == [4, 0, 0, 0, 4, 0, 0]
