"""Tests of Regality vs. Religion: Revolution."""
