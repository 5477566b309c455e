"""Screenshots of a screen in the other modes: on a 320 px phone in dark, then back."""


def set_scheme(driver, scheme):
    """Emulates the colour scheme (`light` or `dark`); None goes back to the browser's own."""
    features = [] if scheme is None else [{"name": "prefers-color-scheme", "value": scheme}]
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})


def shot_phone_dark(driver, shot, name):
    """Saves `name` as it is now (desktop, light) and `name`-phone-dark: the same screen on a
    320 × 740 phone in the dark scheme. The window and scheme are put back."""
    shot(name)
    size = driver.get_window_size()
    driver.set_window_size(320, 740)
    set_scheme(driver, "dark")
    # A resize lays the page out again: the next frame is the one saved.
    driver.execute_script("return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    shot(name + "-phone-dark")
    set_scheme(driver, None)
    driver.set_window_size(size["width"], size["height"])
    driver.execute_script("return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
