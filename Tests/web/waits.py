"""Wait conditions shared by the browser tests."""
from selenium.common.exceptions import WebDriverException


def gone(element):
    """A wait condition: `element` has left the document (a stale reference, or the generic
    inspector error Chromium sometimes gives instead about a node of a page being replaced:
    "Node with given id does not belong to the document"; both mean it is gone)."""
    def check(_driver):
        try:
            element.is_enabled()
            return False
        except WebDriverException:
            return True
    return check
