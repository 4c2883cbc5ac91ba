"""The property tests of ``test_properties`` on their full count of examples: the default run
samples each (``test_properties``), CI's campaign run (CARTOREF_CAMPAIGN=1) tries them all here."""

import pytest
from test_properties import *  # noqa: F403 - the same tests, collected again under the campaign mark

pytestmark = pytest.mark.campaign
